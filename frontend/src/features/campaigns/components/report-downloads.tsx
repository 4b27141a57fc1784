import type { CampaignCsvOutcome, CampaignReport } from '@app/contracts'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { useDownloadCampaignContacts } from '../api/report-csv'
import { plural } from '../campaign-display'
import styles from './report.module.css'

interface Download {
  outcome: CampaignCsvOutcome
  label: string
  count: number
  /** What the file holds besides the address and names. */
  holds: string
  /** Why there is nothing to download yet. */
  none: string
}

function downloadsOf(report: CampaignReport): Download[] {
  const { counts } = report
  return [
    {
      outcome: 'opened',
      label: 'Opened',
      count: counts.uniqueOpens,
      holds:
        report.machineOpens === 'exclude'
          ? 'First open by a reader, opens, machine opens; those only a machine opened are left out, as above.'
          : 'First open, opens, machine opens; machine opens counted, as above.',
      none: 'Nobody has opened it yet.',
    },
    {
      outcome: 'clicked',
      label: 'Clicked',
      count: counts.uniqueClicks,
      holds: 'First click, the link clicked first, clicks.',
      none: 'Nobody has clicked a link yet.',
    },
    {
      outcome: 'unsubscribed',
      label: 'Unsubscribed',
      count: counts.unsubscribes,
      holds: 'When they unsubscribed through this campaign’s link.',
      none: 'Nobody has unsubscribed through it.',
    },
    {
      outcome: 'bounced',
      label: 'Bounced',
      count: counts.hardBounces + counts.softBounces,
      holds: 'When, and the bounce’s type and subtype (Permanent is a hard bounce).',
      none: 'No message bounced.',
    },
  ]
}

/**
 * The report's four contact files (email, names, then the outcome's times and details), one button each; a large
 * file is written by a job first, and the download starts when it is ready.
 */
export function ReportDownloads({
  organizationId,
  report,
}: {
  organizationId: string
  report: CampaignReport
}) {
  return (
    <section className={styles.panel} aria-labelledby="downloads-title">
      <h2 id="downloads-title">Contacts as CSV</h2>
      <ul className={styles.downloads}>
        {downloadsOf(report).map((download) => (
          <DownloadItem
            key={download.outcome}
            organizationId={organizationId}
            report={report}
            download={download}
          />
        ))}
      </ul>
    </section>
  )
}

function DownloadItem({
  organizationId,
  report,
  download,
}: {
  organizationId: string
  report: CampaignReport
  download: Download
}) {
  const mutation = useDownloadCampaignContacts(organizationId, report.campaignId)
  const hintId = `download-${download.outcome}-hint`
  return (
    <li className={styles.download}>
      <div>
        <strong>{download.label}</strong>{' '}
        <span className={styles.muted}>{plural(download.count, 'contact')}</span>
        <p id={hintId} className={`${styles.muted} ${styles.hint}`}>
          {download.count === 0 ? download.none : download.holds}
        </p>
      </div>
      <Button
        variant="secondary"
        size="small"
        disabled={download.count === 0}
        loading={mutation.isPending}
        aria-describedby={hintId}
        onClick={() =>
          mutation.mutate(
            { outcome: download.outcome, machineOpens: report.machineOpens },
            {
              onSuccess: () => toast.success('The CSV file is downloading.'),
              onError: (error) => toast.danger(`The download failed: ${errorMessage(error)}`),
            },
          )
        }
      >
        Download CSV<span className="visually-hidden"> of {download.label.toLowerCase()} contacts</span>
      </Button>
    </li>
  )
}
