import type { Job, JobSummary } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { followedJobs } from './use-job-tracker'

const summary = (id: string, kind: Job['kind'], status: Job['status']): JobSummary => ({
  id,
  kind,
  organizationId: '01HZX3K5V6W7X8Y9Z0ABCDEFGH',
  awsAccountId: null,
  status,
  counts: { total: 2, done: 0, succeeded: 0, failed: 0 },
  createdAt: '2026-11-22T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  createdBy: { type: 'user', accountId: 'acc', email: 'a@example.com' },
})
const job = (id: string, kind: Job['kind'], status: Job['status']): Job => ({
  ...summary(id, kind, status),
  items: [{ key: 'k', label: 'welcome', status: 'pending' }],
})

describe('followedJobs', () => {
  it("adds the server's running jobs of the page's kinds after those started here, once each", () => {
    const started = [job('J3', 'ses.publish', 'running')]
    const recent = [
      summary('J3', 'ses.publish', 'running'),
      summary('J2', 'ses.refresh', 'queued'),
      summary('J1', 'ses.publish', 'succeeded'),
      summary('J0', 'blocks.propagate', 'running'),
    ]
    const jobs = followedJobs({
      started,
      recent,
      kinds: ['ses.publish', 'ses.refresh'],
      dismissed: new Set(),
    })
    expect(jobs.map((item) => item.id)).toEqual(['J3', 'J2'])
    expect(jobs[0]?.items).toHaveLength(1)
    expect(jobs[1]?.items).toEqual([])
  })

  it('leaves out dismissed jobs, and follows nothing from the server without kinds', () => {
    const recent = [summary('J2', 'ses.refresh', 'running')]
    expect(followedJobs({ started: [], recent, kinds: ['ses.refresh'], dismissed: new Set(['J2']) })).toEqual(
      [],
    )
    expect(followedJobs({ started: [], recent, kinds: [], dismissed: new Set() })).toEqual([])
  })
})
