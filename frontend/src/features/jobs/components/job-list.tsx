import type { Job } from '@app/contracts'
import { Button } from '../../../components/ui/button'
import { JobProgress } from './job-progress'
import styles from './job-progress.module.css'

/**
 * Jobs a page follows, newest first, each with its progress. Closing one only hides it: the job goes on in the
 * background, and what it changes shows when it finishes.
 */
export function JobList({
  organizationId,
  jobs,
  onFinished,
  onDismiss,
}: {
  organizationId: string
  jobs: readonly Job[]
  onFinished?: (job: Job) => void
  onDismiss: (id: string) => void
}) {
  if (jobs.length === 0) return null
  return (
    <ul className={styles.list} aria-label="Background jobs">
      {jobs.map((job) => (
        <li key={job.id} className={styles.listItem}>
          <JobProgress organizationId={organizationId} job={job} onFinished={onFinished} />
          <Button variant="ghost" size="small" className={styles.close} onClick={() => onDismiss(job.id)}>
            Close<span className="visually-hidden"> this progress</span>
          </Button>
        </li>
      ))}
    </ul>
  )
}
