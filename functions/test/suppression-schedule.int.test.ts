import { createLogger, SuppressionSchedule } from '@app/core'
import * as SyncRepo from '@app/core/audience/suppression-sync.repo'
import * as AwsAccounts from '@app/core/aws-accounts/public'
import { PutSuppressedDestinationCommand } from '@aws-sdk/client-sesv2'
import { describe, expect, it } from 'vitest'
import { handler } from '../src/workers/suppression-sync-schedule'
import { setSubscription } from './seed'
import { orgWithAccount, waitForJob } from './ses-sync-helpers'
import { suppressionOf } from './suppression-helpers'

type Setup = Awaited<ReturnType<typeof orgWithAccount>>

const PATH = '/api/audience/suppression-sync'
const log = createLogger({ service: 'suppression-schedule-test' }, 'error')
const DAY = 24 * 3600_000

async function statusOf(setup: Setup) {
  const read = await setup.owner.api.get(`${PATH}?organizationId=${setup.orgId}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body.items.find((item: { awsAccountId: string }) => item.awsAccountId === setup.awsAccountId)
}

async function monitored(setup: Setup) {
  await AwsAccounts.setMonitoring(setup.orgId, setup.awsAccountId, {
    state: 'ACTIVE',
    configurationSetName: 'ses-studio-monitoring',
    topicArn: `arn:aws:sns:us-east-1:${setup.keys.accountId}:ses-studio-events-${setup.awsAccountId}`,
    eventTypes: ['BOUNCE', 'COMPLAINT'],
    enabledAt: new Date().toISOString(),
    confirmedAt: new Date().toISOString(),
    eventDestinationName: 'ses-studio',
  })
}

/** A first run by hand: what enrols the account in the daily one. */
async function ranOnce(setup: Setup) {
  const started = await setup.owner.api.post(PATH, { organizationId: setup.orgId })
  expect(started.status, JSON.stringify(started.body)).toBe(202)
  const status = await statusOf(setup)
  await waitForJob(setup.owner, setup.orgId, status.jobId)
  return (await statusOf(setup)).jobId as string
}

describe('the daily suppression list read', () => {
  it('starts a run for each enrolled, monitored account on a plan with Audience, once a day', async () => {
    const [monitoredAccount, unmonitored, downgraded] = await Promise.all([
      orgWithAccount(),
      orgWithAccount(),
      orgWithAccount(),
    ])
    await monitored(monitoredAccount)
    await monitored(downgraded)
    const firstJobs = await Promise.all([monitoredAccount, unmonitored, downgraded].map(ranOnce))
    // The subscription lapsed: Audience is locked, so is its daily read.
    await setSubscription(downgraded.orgId, 'TEAM_MONTHLY', 'canceled')
    await monitoredAccount.ses.send(
      new PutSuppressedDestinationCommand({ EmailAddress: 'later@example.com', Reason: 'BOUNCE' }),
    )

    // The same day: every run is recent, nothing starts.
    await SuppressionSchedule.runScheduledSuppressionSyncs({ log })
    expect((await statusOf(monitoredAccount)).jobId).toBe(firstJobs[0])

    // A day on: only the monitored account on a Team plan is read again, by the platform.
    const tomorrow = () => new Date(Date.now() + DAY)
    const report = await SuppressionSchedule.runScheduledSuppressionSyncs({ log, now: tomorrow })
    expect(report.outcomes.started).toBeGreaterThanOrEqual(1)
    const again = await statusOf(monitoredAccount)
    expect(again.jobId).not.toBe(firstJobs[0])
    const job = await waitForJob(monitoredAccount.owner, monitoredAccount.orgId, again.jobId)
    expect(job).toMatchObject({
      kind: 'audience.suppression_sync',
      status: 'succeeded',
      createdBy: { type: 'system' },
    })
    expect(await statusOf(monitoredAccount)).toMatchObject({
      state: 'succeeded',
      counts: { read: 1, suppressed: 1 },
    })
    expect((await suppressionOf(monitoredAccount.orgId, 'later@example.com'))?.all?.source).toBe(
      'ses-suppression-list',
    )
    expect((await statusOf(unmonitored)).jobId).toBe(firstJobs[1])
    // (its API is locked now: read the state itself)
    expect((await SyncRepo.getSyncState(downgraded.orgId, downgraded.awsAccountId))?.jobId).toBe(firstJobs[2])

    // Run twice the same day (a retried invocation): the account just read is not read again.
    const anHourOn = () => new Date(Date.parse(again.startedAt) + 3600_000)
    await SuppressionSchedule.runScheduledSuppressionSyncs({ log, now: anHourOn })
    expect((await statusOf(monitoredAccount)).jobId).toBe(again.jobId)
  }, 120_000)

  it('the scheduled function answers what it started and skipped', async () => {
    const report = await handler()
    expect(report.outcomes).toBeTypeOf('object')
  })
})
