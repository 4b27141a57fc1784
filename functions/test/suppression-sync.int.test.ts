import { JobRunner, SuppressionSync } from '@app/core'
import * as SyncRepo from '@app/core/audience/suppression-sync.repo'
import * as JobsRepo from '@app/core/jobs/jobs.repo'
import { injectLocalAwsFault, setLocalAwsThrottle } from '@app/local-stack/testing/local-aws'
import { PutSuppressedDestinationCommand, type SESv2Client } from '@aws-sdk/client-sesv2'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import { addMember } from './seed'
import { orgWithAccount, waitForJob } from './ses-sync-helpers'
import { newUser, stack } from './stack'
import { suppressionOf } from './suppression-helpers'

type Setup = Awaited<ReturnType<typeof orgWithAccount>>

const PATH = '/api/audience/suppression-sync'

async function putAll(ses: SESv2Client, entries: [string, 'BOUNCE' | 'COMPLAINT'][]) {
  for (const [EmailAddress, Reason] of entries)
    await ses.send(new PutSuppressedDestinationCommand({ EmailAddress, Reason }))
}

/** An account's status as the contacts page reads it. */
async function statusOf(setup: Setup) {
  const read = await setup.owner.api.get(`${PATH}?organizationId=${setup.orgId}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body.items.find((item: { awsAccountId: string }) => item.awsAccountId === setup.awsAccountId)
}

async function runAndWait(setup: Setup) {
  const started = await setup.owner.api.post(PATH, { organizationId: setup.orgId })
  expect(started.status, JSON.stringify(started.body)).toBe(202)
  const mine = started.body.items.find(
    (item: { awsAccountId: string }) => item.awsAccountId === setup.awsAccountId,
  )
  expect(mine.state).toBe('running')
  const job = await waitForJob(setup.owner, setup.orgId, mine.jobId)
  return { job, status: await statusOf(setup) }
}

/** A run as the API starts it, but not enqueued: the test plays the worker's deliveries itself. */
async function unqueuedRun(setup: Setup, pageSize: number) {
  const account = (await setup.owner.api.get('/api/account')).body
  const startedAt = new Date().toISOString()
  const jobId = ulid()
  expect(
    await SyncRepo.claimRun(
      {
        orgId: setup.orgId,
        awsAccountId: setup.awsAccountId,
        status: 'running',
        jobId,
        startedAt,
        since: null,
        nextToken: null,
        pages: 0,
        counts: SyncRepo.zeroCounts(),
        lastRanAt: null,
        lastGoodStartedAt: null,
        lastCounts: null,
        error: null,
      },
      startedAt,
    ),
  ).toBe(true)
  await JobsRepo.createJob(
    {
      id: jobId,
      orgId: setup.orgId,
      kind: 'audience.suppression_sync',
      awsAccountId: setup.awsAccountId,
      status: 'queued',
      counts: { total: 1, done: 0, succeeded: 0, failed: 0 },
      createdAt: startedAt,
      startedAt: null,
      finishedAt: null,
      createdBy: { type: 'user', accountId: account.id, email: account.email },
      params: { startedAt, pageSize: String(pageSize) },
    },
    [{ jobId, index: 0, key: setup.awsAccountId, label: 'Default', status: 'pending' }],
  )
  return { orgId: setup.orgId, jobId }
}

const handlers = SuppressionSync.suppressionSyncHandlers

describe('reading the AWS account suppression list into the organization’s', () => {
  it('suppresses every listed address, says when it last ran with counts, and a second run adds nothing', async () => {
    const setup = await orgWithAccount()
    expect(await statusOf(setup)).toMatchObject({ state: 'never', lastRanAt: null, jobId: null })
    await putAll(setup.ses, [
      ['Hard@Example.com', 'BOUNCE'],
      ['angry@example.com', 'COMPLAINT'],
      ['gone@example.com', 'BOUNCE'],
    ])
    const before = Date.now()
    const first = await runAndWait(setup)
    expect(first.job.status).toBe('succeeded')
    expect(first.status).toMatchObject({
      state: 'succeeded',
      counts: { read: 3, suppressed: 3, alreadySuppressed: 0 },
      error: null,
    })
    expect(Date.parse(first.status.lastRanAt)).toBeGreaterThanOrEqual(before)
    expect((await suppressionOf(setup.orgId, 'hard@example.com'))?.all?.reason).toBe('SES_SUPPRESSION_LIST')
    expect((await suppressionOf(setup.orgId, 'angry@example.com'))?.all).toMatchObject({
      reason: 'SES_SUPPRESSION_LIST',
      source: 'ses-suppression-list',
    })
    expect(await suppressionOf(setup.orgId, 'never@example.com')).toBeFalsy()

    const second = await runAndWait(setup)
    expect(second.status.counts).toEqual({ read: 3, suppressed: 0, alreadySuppressed: 3 })
    expect(Date.parse(second.status.lastRanAt)).toBeGreaterThan(Date.parse(first.status.lastRanAt))
  }, 90_000)

  it('resumes a run cut short from its checkpoint, reading no page twice', async () => {
    const setup = await orgWithAccount()
    await setLocalAwsThrottle(stack, { accountId: setup.keys.accountId, enabled: false })
    await putAll(
      setup.ses,
      Array.from({ length: 7 }, (_, index) => [`page${index}@example.com`, 'BOUNCE'] as [string, 'BOUNCE']),
    )
    const message = await unqueuedRun(setup, 2)
    // One list call per SES slot (1/s): a 2.5 s slice reads two or three pages of two, then hands on.
    expect(
      await JobRunner.runJobSlice(message, { handlers, deadline: Date.now() + 2_500, owner: 'slice-1' }),
    ).toBe('more')
    const partial = await SyncRepo.getSyncState(setup.orgId, setup.awsAccountId)
    expect(partial?.status).toBe('running')
    expect(partial?.pages).toBeGreaterThan(0)
    expect(partial?.pages).toBeLessThan(4)
    expect(partial?.nextToken).toBeTruthy()
    expect(partial?.counts.read).toBe(partial?.pages === undefined ? 0 : partial.pages * 2)

    expect(
      await JobRunner.runJobSlice(message, { handlers, deadline: Date.now() + 60_000, owner: 'slice-2' }),
    ).toBe('done')
    const done = await statusOf(setup)
    expect(done).toMatchObject({
      state: 'succeeded',
      counts: { read: 7, suppressed: 7, alreadySuppressed: 0 },
    })
    expect((await SyncRepo.getSyncState(setup.orgId, setup.awsAccountId))?.pages).toBe(4)
  }, 90_000)

  it('retries SES’s transient failures; a refusal fails the run, says why, and the next run succeeds', async () => {
    const setup = await orgWithAccount()
    await putAll(setup.ses, [['flaky@example.com', 'BOUNCE']])
    await injectLocalAwsFault(stack, {
      accountId: setup.keys.accountId,
      operation: 'ses:ListSuppressedDestinations',
      error: 'InternalFailure',
      status: 500,
      // Three list calls in a row fail; the fourth try of the same page succeeds.
      count: 3,
    })
    const flaky = await runAndWait(setup)
    expect(flaky.status).toMatchObject({ state: 'succeeded', counts: { read: 1, suppressed: 1 } })

    await injectLocalAwsFault(stack, {
      accountId: setup.keys.accountId,
      operation: 'ses:ListSuppressedDestinations',
      error: 'AccessDeniedException',
      message: 'not allowed to ses:ListSuppressedDestinations',
      status: 403,
      count: 1,
    })
    const refused = await runAndWait(setup)
    expect(refused.job.status).toBe('failed')
    expect(refused.status.state).toBe('failed')
    expect(refused.status.error.code).toMatch(/^aws\./)
    expect(refused.status.lastRanAt).toBeTruthy()

    const again = await runAndWait(setup)
    expect(again.status).toMatchObject({
      state: 'succeeded',
      error: null,
      counts: { read: 1, alreadySuppressed: 1 },
    })
  }, 120_000)

  it('is the organization’s own: the gate, roles, tenant isolation and bad input', async () => {
    const setup = await orgWithAccount()
    const other = await orgWithAccount()
    const start = await orgWithAccount('START')

    const foreign = await setup.owner.api.post(PATH, {
      organizationId: setup.orgId,
      awsAccountId: other.awsAccountId,
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe('aws_account.not_found')
    expect((await setup.owner.api.get(`${PATH}?organizationId=${other.orgId}`)).status).toBe(404)

    const gated = await start.owner.api.post(PATH, { organizationId: start.orgId })
    expect(gated.status).toBe(403)
    expect(gated.body.error.code).toBe('plan.feature_locked')
    expect((await start.owner.api.get(`${PATH}?organizationId=${start.orgId}`)).body.error.code).toBe(
      'plan.feature_locked',
    )

    // Any member manages the audience (audience.read / audience.write); a stranger does not see the organization.
    const member = await newUser()
    await addMember(setup.orgId, (await member.api.get('/api/account')).body.id, 'MEMBER')
    expect((await member.api.get(`${PATH}?organizationId=${setup.orgId}`)).status).toBe(200)
    const stranger = await newUser()
    const denied = await stranger.api.post(PATH, { organizationId: setup.orgId })
    expect(denied.status).toBe(404)
    expect(denied.body.error.code).toBe('organization.not_found')

    for (const body of [
      { organizationId: setup.orgId, awsAccountId: 'nope' },
      { organizationId: setup.orgId, extra: true },
      {},
    ]) {
      const bad = await setup.owner.api.post(PATH, body)
      expect(bad.status, JSON.stringify(body)).toBe(400)
    }
    expect(await statusOf(setup)).toMatchObject({ state: 'never' })
  }, 90_000)
})
