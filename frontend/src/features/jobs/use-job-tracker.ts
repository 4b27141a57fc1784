import type { Job, JobKind, JobSummary } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { isFinished, jobQueries } from './api/jobs'

/**
 * The jobs started here (newest first), then the server's still-running jobs of these kinds not among them (as
 * summaries: their items arrive with the first read), less the dismissed ones.
 */
export function followedJobs({
  started,
  recent,
  kinds,
  dismissed,
}: {
  started: readonly Job[]
  recent: readonly JobSummary[]
  kinds: readonly JobKind[]
  dismissed: ReadonlySet<string>
}): Job[] {
  const ids = new Set(started.map((job) => job.id))
  const running = recent
    .filter((job) => kinds.includes(job.kind) && !isFinished(job.status) && !ids.has(job.id))
    .map((job): Job => ({ ...job, items: [] }))
  return [...started, ...running].filter((job) => !dismissed.has(job.id))
}

/**
 * The jobs a page follows: those it started, newest first, plus the ones of these kinds still running on the
 * server when it opened (started before a reload, or by a teammate), so leaving the page loses sight of none.
 * `add` a job a call just answered with; `dismiss` hides one (the job itself goes on).
 */
export function useJobTracker({
  organizationId,
  awsAccountId,
  kinds,
}: {
  organizationId: string
  awsAccountId?: string
  kinds: readonly JobKind[]
}) {
  const [started, setStarted] = useState<readonly Job[]>([])
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  // Read once per page visit: jobs started here are added as they start.
  const recent = useQuery({
    ...jobQueries.recent(organizationId, awsAccountId),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })
  const kindsKey = kinds.join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `kindsKey` stands for the kinds' content
  const jobs = useMemo(
    () => followedJobs({ started, recent: recent.data ?? [], kinds, dismissed }),
    [started, recent.data, dismissed, kindsKey],
  )

  const add = useCallback((job: Job) => setStarted((current) => [job, ...current]), [])
  const dismiss = useCallback((id: string) => setDismissed((current) => new Set(current).add(id)), [])
  return { jobs, add, dismiss }
}
