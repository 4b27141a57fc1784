import { FINISHED_JOB_STATUSES, type Job, type JobStatus } from '@app/contracts'
import { jobRoutes } from '@app/contracts/jobs/routes'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

/** How often a job still running is read again. */
export const JOB_POLL_MS = 1500

export const isFinished = (status: JobStatus) => FINISHED_JOB_STATUSES.includes(status)

export const jobQueries = {
  all: () => ['jobs'] as const,
  /** The organization's latest jobs (on one AWS account), without their items. */
  recent: (organizationId: string, awsAccountId?: string) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'recent', organizationId, awsAccountId ?? 'all'] as const,
      queryFn: async ({ signal }) =>
        (
          await apiRequest(jobRoutes.listJobs, {
            query: { organizationId, limit: 20, ...(awsAccountId ? { awsAccountId } : {}) },
            signal,
          })
        ).items,
    }),
  /**
   * One job, read again every {@link JOB_POLL_MS} while it is queued or running; `initial` is the job the call
   * that started it answered with (202), shown until the first read.
   */
  detail: (organizationId: string, id: string, initial?: Job) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'detail', organizationId, id] as const,
      queryFn: ({ signal }) =>
        apiRequest(jobRoutes.getJob, { params: { id }, query: { organizationId }, signal }),
      ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
      refetchInterval: (query) => {
        const job = query.state.data
        return job && isFinished(job.status) ? false : JOB_POLL_MS
      },
      staleTime: (query) => (query.state.data && isFinished(query.state.data.status) ? Infinity : 0),
    }),
}
