import type { Job } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef } from 'react'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { isFinished, jobQueries } from '../api/jobs'
import { countsText, driftReviewPath, itemText, JOB_STATUS_BADGES, JOB_TITLES } from '../job-display'
import styles from './job-progress.module.css'

interface JobProgressProps {
  organizationId: string
  /** The job as the call that started it answered (202). */
  job: Job
  /** Once, when the job has finished (refresh what it changed). */
  onFinished?: (job: Job) => void
  /** List each item's result (default). Off where items are ids a person cannot read (a bulk change of contacts). */
  showItems?: boolean
}

/**
 * A background job as it runs: a progress bar, the counts and each item's result (a failure's reason beside its
 * template); read again every second and a half until it finishes.
 */
export function JobProgress({
  organizationId,
  job: started,
  onFinished,
  showItems = true,
}: JobProgressProps) {
  const query = useQuery(jobQueries.detail(organizationId, started.id, started))
  const job = query.data ?? started
  const finished = isFinished(job.status)
  const titleId = useId()
  const reported = useRef(false)
  const onFinishedRef = useRef(onFinished)
  onFinishedRef.current = onFinished

  useEffect(() => {
    if (!finished || reported.current) return
    reported.current = true
    onFinishedRef.current?.(job)
  }, [finished, job])

  const badge = JOB_STATUS_BADGES[job.status]
  const title = JOB_TITLES[job.kind]
  return (
    <section className={styles.job} aria-labelledby={titleId} data-job-status={job.status}>
      <header className={styles.header}>
        <h3 id={titleId} className={styles.title}>
          {!finished && <Spinner size="small" />} {finished ? title.done : `${title.running}…`}
        </h3>
        <Badge color={badge.color}>{badge.label}</Badge>
      </header>
      <progress
        className={styles.bar}
        max={Math.max(job.counts.total, 1)}
        value={job.counts.done}
        aria-labelledby={titleId}
      />
      <p className={styles.counts} aria-live="polite">
        {countsText(job)}
      </p>
      {query.error && !finished && (
        <Alert tone="warning" title="Could not read the job's progress">
          {errorMessage(query.error)} It goes on in the background; this page tries again.
        </Alert>
      )}
      {showItems && job.items.length > 0 && (
        <ul className={styles.items} aria-label="Results">
          {job.items.map((item) => {
            const review = driftReviewPath(item, job.awsAccountId)
            return (
              <li key={item.key} className={styles.item} data-status={item.status}>
                <span className={styles.itemName}>
                  {item.templateId ? (
                    <Link to={paths.template(item.templateId)}>{item.label}</Link>
                  ) : (
                    item.label
                  )}
                </span>
                <span className={styles.itemResult}>
                  {itemText(job.kind, item)}
                  {review && (
                    <>
                      {' '}
                      <Link to={review} className={styles.resolve}>
                        Review changes<span className="visually-hidden"> to {item.label}</span>
                      </Link>
                    </>
                  )}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
