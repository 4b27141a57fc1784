import { principalName } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { Card } from '../../../components/ui/card'
import { paths } from '../../../lib/paths'
import { countsText, JOB_STATUS_BADGES, JOB_TITLES } from '../../jobs/job-display'
import { whenText } from '../../templates/template-display'
import { dashboardQueries } from '../api/dashboard'
import { jobPercent } from '../dashboard-display'
import styles from './dashboard.module.css'
import { QueryBody } from './section-states'

/** Background jobs still queued or running (publishing, imports, bulk contact changes), with their progress. */
export function RunningJobs({ organizationId }: { organizationId: string }) {
  const jobs = useQuery(dashboardQueries.runningJobs(organizationId))
  const now = Date.now()
  return (
    <Card title="Jobs running">
      <QueryBody query={jobs} what="the background jobs">
        {(running) =>
          running.length === 0 ? (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>Nothing running in the background</p>
              <p>
                Publishing templates to SES, importing them from SES and bulk changes to contacts run here
                while you work. <Link to={paths.templatesSes()}>Import templates from SES</Link>
              </p>
            </div>
          ) : (
            <ul className={styles.list} aria-label="Jobs running">
              {running.map((job) => {
                const badge = JOB_STATUS_BADGES[job.status]
                return (
                  <li key={job.id} className={styles.row}>
                    <div className={styles.rowHead}>
                      <span className={styles.name}>{JOB_TITLES[job.kind].running}</span>
                      <Badge color={badge.color}>{badge.label}</Badge>
                    </div>
                    <progress
                      className={styles.bar}
                      max={100}
                      value={jobPercent(job.counts)}
                      aria-label={`Progress of ${JOB_TITLES[job.kind].running.toLowerCase()}`}
                    />
                    <span className={styles.muted}>
                      {countsText(job)} · started {whenText(job.startedAt ?? job.createdAt, now)}
                      {` by ${principalName(job.createdBy)}`}
                    </span>
                  </li>
                )
              })}
            </ul>
          )
        }
      </QueryBody>
    </Card>
  )
}
