import { batchWrite } from '@app/core/db/batch'
import { legacyJobItemKey } from '@app/core/db/keys'
import * as Repo from '@app/core/jobs/jobs.repo'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import './stack'

const job = (orgId: string, total: number): Repo.JobRecord => ({
  id: ulid(),
  orgId,
  kind: 'ses.refresh',
  awsAccountId: null,
  status: 'queued',
  counts: { total, done: 0, succeeded: 0, failed: 0 },
  createdAt: new Date().toISOString(),
  startedAt: null,
  finishedAt: null,
  createdBy: { type: 'user', accountId: 'account', email: 'someone@example.com' },
})
const item = (jobId: string, index: number): Repo.JobItemRecord => ({
  jobId,
  index,
  key: `key-${index}`,
  label: `Item ${index}`,
  status: 'pending',
})

describe('job item keys', () => {
  it('keeps items of a job beyond 10,000 in index order', async () => {
    const record = job(ulid(), 3)
    await Repo.createJob(record, [item(record.id, 10_000), item(record.id, 9), item(record.id, 123_456)])
    expect((await Repo.listItems(record.orgId, record.id)).map((one) => one.index)).toEqual([
      9, 10_000, 123_456,
    ])
    expect(
      await Repo.recordItem(
        record.orgId,
        record.id,
        123_456,
        { status: 'succeeded' },
        new Date().toISOString(),
      ),
    ).toBe(true)
    expect((await Repo.getJob(record.orgId, record.id))?.counts).toMatchObject({ done: 1, succeeded: 1 })
  })

  it('still reads and records the items of a job stored with 4-digit keys', async () => {
    const record = job(ulid(), 2)
    await Repo.createJob(record, [])
    await batchWrite(
      [1, 0].map((index) => ({
        put: {
          ...legacyJobItemKey(record.orgId, record.id, index),
          entity: 'JobItem',
          ...item(record.id, index),
        },
      })),
    )
    expect((await Repo.listItems(record.orgId, record.id)).map((one) => one.index)).toEqual([0, 1])

    await Repo.markAttempted(record.orgId, record.id, 1, new Date().toISOString())
    const at = new Date().toISOString()
    expect(
      await Repo.recordItem(
        record.orgId,
        record.id,
        1,
        { status: 'failed', error: { code: 'x', message: 'y' } },
        at,
      ),
    ).toBe(true)
    // Recorded once: a second delivery changes nothing.
    expect(await Repo.recordItem(record.orgId, record.id, 1, { status: 'succeeded' }, at)).toBe(false)
    await expect(Repo.markAttempted(record.orgId, record.id, 1, at)).rejects.toThrow()

    const items = await Repo.listItems(record.orgId, record.id)
    expect(items.map((one) => [one.index, one.status, Boolean(one.attemptedAt)])).toEqual([
      [0, 'pending', false],
      [1, 'failed', true],
    ])
    expect((await Repo.getJob(record.orgId, record.id))?.counts).toEqual({
      total: 2,
      done: 1,
      succeeded: 0,
      failed: 1,
    })
  })
})
