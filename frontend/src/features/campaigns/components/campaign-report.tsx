import {
  type Campaign,
  DEFAULT_MACHINE_OPEN_MODE,
  type MachineOpenMode,
  type CampaignReport as Report,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { dateTimeText } from '../../templates/template-display'
import { reportQueries } from '../api/reports'
import { isLive } from '../campaign-display'
import { warningText } from '../report-display'
import campaignStyles from './campaigns.module.css'
import styles from './report.module.css'
import { ReportActions } from './report-actions'
import { ReportDownloads } from './report-downloads'
import { BouncesTable, LinksTable } from './report-tables'
import { ReportTiles } from './report-tiles'
import { ReportTimelineSection } from './report-timeline'

/** Statuses whose campaign has a report (something was, or is being, sent). */
export function hasReport(status: Campaign['status']): boolean {
  return status === 'SENDING' || status === 'PAUSED' || status === 'SENT'
}

/** Nothing SES reports has happened yet: the page says so instead of a wall of zeros. */
function noEvents(report: Report): boolean {
  const counts = report.counts
  return (
    counts.delivered +
      counts.uniqueOpens +
      counts.machineOpens +
      counts.uniqueClicks +
      counts.hardBounces +
      counts.softBounces +
      counts.complaints +
      counts.unsubscribes ===
    0
  )
}

/**
 * The report of a campaign being sent or sent: tiles, SES threshold warnings, the timeline, links, bounces and the
 * four contact downloads.
 */
export function CampaignReport({ organizationId, campaign }: { organizationId: string; campaign: Campaign }) {
  const [machineOpens, setMachineOpens] = useState<MachineOpenMode>(DEFAULT_MACHINE_OPEN_MODE)
  const query = useQuery(
    reportQueries.report(organizationId, campaign.id, machineOpens, isLive(campaign.status)),
  )
  const report = query.data

  if (!report) {
    return query.isError ? (
      <LoadError title="Could not load the report" error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <LoadingLines lines={6} label="Loading the report" />
    )
  }

  return (
    <div
      className={query.isPlaceholderData ? `${styles.report} ${campaignStyles.stale}` : styles.report}
      aria-busy={query.isPlaceholderData || undefined}
    >
      {query.isError && (
        <Alert tone="warning" role="alert">
          Could not refresh the report; these numbers are from {dateTimeText(report.updatedAt)}.
        </Alert>
      )}
      {report.warnings.map((warning) => {
        const text = warningText(warning)
        return (
          <Alert
            key={warning.kind}
            tone={warning.level === 'critical' ? 'danger' : 'warning'}
            title={text.title}
          >
            {text.body}
          </Alert>
        )
      })}
      <ReportTiles report={report} onMachineOpens={setMachineOpens} />
      {noEvents(report) ? (
        <section className={styles.panel} aria-labelledby="no-events-title">
          <h2 id="no-events-title">No events yet</h2>
          <p className={styles.muted}>
            SES reports deliveries, opens, clicks, bounces and complaints as they happen, usually within
            minutes of each send. This page reads them again by itself.
          </p>
        </section>
      ) : (
        <>
          <ReportTimelineSection
            timeline={report.timeline}
            machineOpensIncluded={report.machineOpens === 'include'}
          />
          <div className={styles.pair}>
            <LinksTable links={report.links} />
            <BouncesTable bounces={report.bounces} />
          </div>
          <ReportDownloads organizationId={organizationId} report={report} />
        </>
      )}
      <ReportActions organizationId={organizationId} campaign={campaign} />
    </div>
  )
}
