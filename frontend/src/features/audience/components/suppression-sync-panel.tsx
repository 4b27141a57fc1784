import type { AwsAccount } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api-error'
import { usePermission } from '../../account/use-permission'
import { jobQueries } from '../../jobs/api/jobs'
import { JobProgress } from '../../jobs/components/job-progress'
import { dateTimeText } from '../../templates/template-display'
import { suppressionSyncQueries, useStartSuppressionSync } from '../api/suppression'
import { suppressionSyncText } from '../audience-display'
import styles from './suppression-sync-panel.module.css'

/**
 * On the contacts page: when the selected AWS account's SES suppression list was last read into the
 * organization's (every day by itself), how it went, and a button to read it now with the run's progress.
 */
export function SuppressionSyncPanel({
  organizationId,
  selected,
}: {
  organizationId: string
  /** The AWS account the pages work on; nothing is shown without a verified one. */
  selected: AwsAccount | undefined
}) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const status = useQuery({
    ...suppressionSyncQueries.status(organizationId, selected?.id ?? ''),
    enabled: !!selected,
  })
  const start = useStartSuppressionSync(organizationId)
  const canRun = usePermission('audience.write', organizationId)
  if (!selected?.awsAccountVerified) return null
  const mine = status.data?.items.find((item) => item.awsAccountId === selected.id)

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-sync-state={mine?.state ?? 'loading'}>
      <div className={styles.text}>
        <h2 id={titleId} className={styles.title}>
          SES suppression list
        </h2>
        {status.isError ? (
          <p className={styles.muted} role="alert">
            Could not read when the list was last read: {errorMessage(status.error)}
          </p>
        ) : !mine ? (
          <p className={styles.muted}>Loading…</p>
        ) : (
          <p className={styles.muted} aria-live="polite">
            {suppressionSyncText(mine, dateTimeText)}
          </p>
        )}
        {mine?.error && mine.state === 'failed' && (
          <Alert tone="warning" role="status">
            The last read failed: {mine.error.message}
          </Alert>
        )}
        {start.isError && (
          <Alert tone="danger" role="alert">
            Could not start reading the list: {errorMessage(start.error)}
          </Alert>
        )}
      </div>
      {canRun && mine && (
        <Button
          variant="secondary"
          size="small"
          loading={start.isPending}
          disabled={mine.state === 'running'}
          onClick={() => start.mutate(selected.id)}
        >
          {mine.state === 'running' ? 'Reading…' : 'Read it now'}
        </Button>
      )}
      {mine?.jobId && mine.state === 'running' && (
        <RunProgress
          organizationId={organizationId}
          jobId={mine.jobId}
          onFinished={() => {
            void queryClient.invalidateQueries({
              queryKey: suppressionSyncQueries.all(organizationId),
            })
          }}
        />
      )}
    </section>
  )
}

/** The running read's job, once its first read has answered. */
function RunProgress({
  organizationId,
  jobId,
  onFinished,
}: {
  organizationId: string
  jobId: string
  onFinished: () => void
}) {
  const job = useQuery(jobQueries.detail(organizationId, jobId))
  if (!job.data) return null
  return (
    <div className={styles.job}>
      <JobProgress organizationId={organizationId} job={job.data} onFinished={onFinished} />
    </div>
  )
}
