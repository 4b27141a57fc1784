import type { Campaign } from '@app/contracts'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../lib/paths'
import { dateTimeText } from '../../templates/template-display'
import { countText, progressPercent, progressText, STATUS_TEXT, statusLabel } from '../campaign-display'
import styles from './campaigns.module.css'

/** Campaigns that have a report to compare: sending started. */
export function comparable(campaign: Campaign): boolean {
  return campaign.startedAt !== null && campaign.status !== 'DRAFT' && campaign.status !== 'SCHEDULED'
}

/** One campaign of the list; started ones can be ticked for the comparison. */
export function CampaignRow({
  campaign,
  chosen,
  onChoose,
}: {
  campaign: Campaign
  chosen: boolean
  onChoose: (chosen: boolean) => void
}) {
  const status = STATUS_TEXT[campaign.status]
  const started = campaign.status !== 'DRAFT' && campaign.status !== 'SCHEDULED'
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <span className={styles.choice}>
          {comparable(campaign) && (
            <input
              type="checkbox"
              checked={chosen}
              onChange={(event) => onChoose(event.target.checked)}
              aria-label={`Compare ${campaign.name}`}
            />
          )}
          <Link to={paths.campaign(campaign.id)} className={styles.name}>
            {campaign.name}
          </Link>
        </span>
        <span className={styles.badges}>
          <Badge color={status.color}>{statusLabel(campaign.status, campaign.counts)}</Badge>
          {campaign.status === 'SCHEDULED' && campaign.schedule && (
            <span className={styles.muted}>for {dateTimeText(campaign.schedule.at)}</span>
          )}
        </span>
      </div>
      <div className={styles.progress}>
        {started ? (
          <>
            <progress
              className={styles.bar}
              max={100}
              value={progressPercent(campaign.counts)}
              aria-label={`Progress of ${campaign.name}`}
            />
            <span className={styles.muted}>{progressText(campaign.counts)}</span>
          </>
        ) : (
          <span className={styles.muted}>Not sent yet</span>
        )}
      </div>
      <div className={styles.rowMain}>
        <span>{started ? `${countText(campaign.counts.total)} recipients` : '—'}</span>
        <span className={styles.muted}>
          {campaign.finishedAt
            ? `Sent ${dateTimeText(campaign.finishedAt)}`
            : campaign.startedAt
              ? `Started ${dateTimeText(campaign.startedAt)}`
              : `Created ${dateTimeText(campaign.createdAt)}`}
        </span>
      </div>
    </li>
  )
}
