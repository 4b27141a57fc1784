import type { Campaign } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../lib/paths'
import { awsAccountQueries } from '../../aws-accounts/api/aws-accounts'
import { dateTimeText } from '../../templates/template-display'
import {
  addReading,
  countText,
  doneCount,
  durationText,
  etaSeconds,
  isLive,
  observedRate,
  pauseText,
  plural,
  progressPercent,
  rateText,
  remainingCount,
  STATUS_TEXT,
  statusLabel,
} from '../campaign-display'
import { zonedText } from '../schedule-time'
import { CampaignActions } from './campaign-actions'
import { CampaignReport, hasReport } from './campaign-report'
import styles from './campaigns.module.css'
import { RecipientTable } from './recipient-table'

/** The rate over the last minute of readings of the campaign (the page polls it every 2 s while it sends). */
function useObservedRate(campaign: Campaign): number | undefined {
  const [readings, setReadings] = useState<{ at: number; done: number }[]>([])
  const done = doneCount(campaign.counts)
  useEffect(() => {
    if (campaign.status !== 'SENDING') return setReadings([])
    setReadings((current) => addReading(current, { at: Date.now(), done }))
  }, [campaign.status, done])
  return campaign.status === 'SENDING' ? observedRate(readings) : undefined
}

/**
 * `/app/campaigns/:id` once scheduled: live progress, the report once sending (tiles, timeline, links, bounces),
 * the state changes and the per-recipient table.
 */
export function CampaignProgress({
  organizationId,
  campaign,
}: {
  organizationId: string
  campaign: Campaign
}) {
  const status = STATUS_TEXT[campaign.status]
  const counts = campaign.counts
  const rate = useObservedRate(campaign)
  const quota = useQuery({
    ...awsAccountQueries.status(campaign.awsAccountId),
    enabled: campaign.status === 'SENDING',
  })
  const remaining = remainingCount(counts)
  const eta = etaSeconds(remaining, rate)
  const paused = pauseText(campaign.pauseReason, campaign.waitingUntil, (iso) => dateTimeText(iso))

  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <Link to={paths.campaigns()} className={pageStyles.back}>
          ← All campaigns
        </Link>
        <h1>{campaign.name}</h1>
        <p className={pageStyles.leadRow}>
          <Badge color={status.color}>{statusLabel(campaign.status, counts)}</Badge>
          {campaign.status === 'SCHEDULED' && campaign.schedule && (
            <span className={pageStyles.muted}>
              Starts {zonedText(campaign.schedule.at, campaign.schedule.timeZone)}
            </span>
          )}
          {campaign.startedAt && (
            <span className={pageStyles.muted}>Started {dateTimeText(campaign.startedAt)}</span>
          )}
          {campaign.finishedAt && (
            <span className={pageStyles.muted}>Finished {dateTimeText(campaign.finishedAt)}</span>
          )}
        </p>
      </header>

      {paused && (
        <Alert
          tone={campaign.pauseReason && campaign.pauseReason.code !== 'paused_by_user' ? 'warning' : 'info'}
        >
          {paused}
        </Alert>
      )}
      {campaign.status === 'SENT' && counts.unconfirmed > 0 && (
        <Alert tone="warning" title={`Sent, ${plural(counts.unconfirmed, 'message')} unconfirmed`}>
          SES may have accepted these without telling us (its answer was lost and no delivery event came).
          Retrying them may send a second copy to some of these recipients.
        </Alert>
      )}

      <section className={styles.panel} aria-labelledby="progress-title">
        <h2 id="progress-title">Progress</h2>
        <progress
          className={styles.bar}
          max={100}
          value={progressPercent(counts)}
          aria-label={`${progressPercent(counts)}% done`}
        />
        <dl className={styles.counts} aria-label="Counts">
          <Count label="Sent" value={counts.sent} />
          <Count label="Failed" value={counts.failed} />
          <Count label="Skipped" value={counts.skipped} />
          <Count label="Remaining" value={remaining} />
          {counts.unconfirmed > 0 && <Count label="Unconfirmed" value={counts.unconfirmed} />}
          <Count label="Recipients" value={counts.total} />
        </dl>
        {campaign.status === 'SENDING' && counts.total === 0 && (
          <p className={styles.muted}>Writing the list of recipients before the first message goes out…</p>
        )}
        {campaign.status === 'SENDING' && counts.total > 0 && (
          <p aria-live="polite">
            {rate === undefined ? 'Measuring the sending rate…' : `Sending at ${rateText(rate)}`}
            {quota.data ? ` (the account's limit is ${rateText(quota.data.sendQuota.maxSendRate)})` : ''}.
            {eta !== undefined && remaining > 0
              ? ` About ${durationText(eta).replace(/^about /, '')} left.`
              : ''}
          </p>
        )}
      </section>

      {hasReport(campaign.status) && <CampaignReport organizationId={organizationId} campaign={campaign} />}
      <CampaignActions organizationId={organizationId} campaign={campaign} />
      <RecipientTable
        organizationId={organizationId}
        campaignId={campaign.id}
        live={isLive(campaign.status)}
        progress={`${campaign.status}:${doneCount(counts)}:${counts.failed}`}
      />
    </div>
  )
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{countText(value)}</dd>
    </div>
  )
}
