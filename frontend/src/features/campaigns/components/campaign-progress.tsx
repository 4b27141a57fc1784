import { type Campaign, type SendTime, type SesAccountStatus, sendTime } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../lib/paths'
import { awsAccountQueries } from '../../aws-accounts/api/aws-accounts'
import { dateTimeText } from '../../templates/template-display'
import {
  countText,
  doneCount,
  durationText,
  isLive,
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

/**
 * Time left from the limiter's own rate (MaxSendRate × the account's share, within today's quota) and the engine's
 * start-up: the first seconds' average says nothing (the start-up and the first lease make it look 50 times slower).
 */
function timeLeft(
  campaign: Campaign,
  remaining: number,
  quota: SesAccountStatus['sendQuota'] | undefined,
  sharePercent: number | undefined,
): SendTime | undefined {
  if (!quota || sharePercent === undefined) return undefined
  return sendTime({
    remaining,
    maxSendRate: quota.maxSendRate,
    sharePercent,
    todayAllows: quota.max24HourSend < 0 ? null : quota.max24HourSend - quota.sentLast24Hours,
    elapsedSeconds: campaign.startedAt ? (Date.now() - Date.parse(campaign.startedAt)) / 1000 : 0,
    started: doneCount(campaign.counts) > 0,
  })
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
  const sending = campaign.status === 'SENDING'
  const quota = useQuery({ ...awsAccountQueries.status(campaign.awsAccountId), enabled: sending })
  const accounts = useQuery({ ...awsAccountQueries.list(organizationId), enabled: sending })
  const share = accounts.data?.find((account) => account.id === campaign.awsAccountId)?.sendSharePercent
  const remaining = remainingCount(counts)
  const time = timeLeft(campaign, remaining, quota.data?.sendQuota, share)
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
            {time && quota.data ? (
              <>
                Sending at {rateText(time.ratePerSecond)}: {share}% of the account's limit of{' '}
                {rateText(quota.data.sendQuota.maxSendRate)}.
                {remaining > 0 && time.seconds > 0
                  ? ` About ${durationText(time.seconds).replace(/^about /, '')} left.`
                  : ''}
                {time.overQuota > 0 &&
                  ` ${plural(time.overQuota, 'recipient')} wait for the daily quota's next window; the campaign continues by itself.`}
              </>
            ) : (
              'Reading the account’s sending rate…'
            )}
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
