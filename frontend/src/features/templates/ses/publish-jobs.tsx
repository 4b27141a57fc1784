import type { Job } from '@app/contracts'
import { Button } from '../../../components/ui/button'
import { JobProgress } from '../../jobs/components/job-progress'
import styles from './ses.module.css'

/**
 * The publish jobs started on this page, newest first. Closing one only hides it: the job goes on in the
 * background and the SES states follow when it finishes.
 */
export function PublishJobs({
  organizationId,
  jobs,
  onFinished,
  onDismiss,
}: {
  organizationId: string
  jobs: readonly Job[]
  onFinished: () => void
  onDismiss: (id: string) => void
}) {
  if (jobs.length === 0) return null
  return (
    <div className={styles.jobs}>
      {jobs.map((job) => (
        <div key={job.id} className={styles.job}>
          <JobProgress organizationId={organizationId} job={job} onFinished={onFinished} />
          <Button variant="ghost" size="small" className={styles.close} onClick={() => onDismiss(job.id)}>
            Close<span className="visually-hidden"> this progress</span>
          </Button>
        </div>
      ))}
    </div>
  )
}
