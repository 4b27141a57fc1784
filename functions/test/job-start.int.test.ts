import { JobRunner, SesJobs } from '@app/core'
import * as JobsRepo from '@app/core/jobs/jobs.repo'
import { createLocalCustomerRole, injectLocalAwsFault } from '@app/local-stack/testing/local-aws'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import { setSubscription } from './seed'
import { createTemplate, type User } from './ses-sync-helpers'
import { newUser, stack } from './stack'

/** The faults still armed on the local AWS for a customer account. */
async function armedFaults(accountNumber: string) {
  const answer = await fetch(`${stack.aws.gatewayUrl}/_local-aws/faults`)
  const { faults } = (await answer.json()) as { faults: { accountId?: string; count: number }[] }
  return faults.filter((fault) => fault.accountId === accountNumber)
}

/** An organization with a verified role connection (its credentials come from STS AssumeRole at job start). */
async function orgWithRole() {
  const owner = await newUser()
  const orgId: string = (await owner.api.get('/api/account')).body.selectedOrganization
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  const created = await owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
    method: 'role',
    region: 'us-east-1',
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const roleArn = await createLocalCustomerRole(stack, { externalId: created.body.externalId })
  const verified = await owner.api.patch(`/api/aws-accounts/${created.body.id}`, { roleArn })
  expect(verified.body.awsAccountVerified, JSON.stringify(verified.body)).toBe(true)
  const accountNumber = /^arn:aws:iam::(\d{12}):/.exec(roleArn)?.[1] ?? ''
  return { owner, orgId, awsAccountId: created.body.id as string, accountNumber }
}

/**
 * A publish job as the API writes it, run by this process's worker code: its credential cache is empty, so the
 * slice's prepare assumes the customer role through the local STS (where the test injects faults).
 */
async function runPublish(owner: User, orgId: string, awsAccountId: string, templateIds: string[]) {
  const account = (await owner.api.get('/api/account')).body
  const jobId = ulid()
  await JobsRepo.createJob(
    {
      id: jobId,
      orgId,
      kind: 'ses.publish',
      awsAccountId,
      status: 'queued',
      counts: { total: templateIds.length, done: 0, succeeded: 0, failed: 0 },
      createdAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
      createdBy: { type: 'user', accountId: account.id, email: account.email },
    },
    templateIds.map((key, index) => ({ jobId, index, key, label: key, status: 'pending' })),
  )
  const result = await JobRunner.runJobSlice(
    { orgId, jobId },
    { handlers: SesJobs.sesJobHandlers, deadline: Date.now() + 60_000, owner: 'test' },
  )
  expect(result).toBe('done')
  return { job: await JobsRepo.getJob(orgId, jobId), items: await JobsRepo.listItems(orgId, jobId) }
}

describe('a job starting while AWS has a transient failure', () => {
  it('retries the role session with backoff and publishes; a permanent refusal fails the job as before', async () => {
    const flaky = await orgWithRole()
    const template = await createTemplate(flaky.owner, flaky.orgId, 'flaky_start')
    // More failures in a row than the SDK's own three attempts per call absorb: two whole calls fail.
    await injectLocalAwsFault(stack, {
      accountId: flaky.accountNumber,
      operation: 'sts:AssumeRole',
      error: 'InternalFailure',
      status: 500,
      count: 4,
    })
    await injectLocalAwsFault(stack, {
      accountId: flaky.accountNumber,
      operation: 'sts:AssumeRole',
      error: 'Throttling',
      count: 3,
    })
    const started = Date.now()
    const { job, items } = await runPublish(flaky.owner, flaky.orgId, flaky.awsAccountId, [template.id])
    expect(job?.status).toBe('succeeded')
    expect(items.map((item) => item.status)).toEqual(['succeeded'])
    // Two failed tries, each followed by a growing pause (≥ 0.25 + 0.5 s with jitter).
    expect(Date.now() - started).toBeGreaterThanOrEqual(750)
    expect(await armedFaults(flaky.accountNumber)).toEqual([])

    const denied = await orgWithRole()
    const other = await createTemplate(denied.owner, denied.orgId, 'denied_start')
    await injectLocalAwsFault(stack, {
      accountId: denied.accountNumber,
      operation: 'sts:AssumeRole',
      error: 'AccessDenied',
      message: 'User is not authorized to perform: sts:AssumeRole',
      status: 403,
      count: 5,
    })
    const refused = await runPublish(denied.owner, denied.orgId, denied.awsAccountId, [other.id])
    expect(refused.job?.status).toBe('failed')
    expect(refused.items[0]?.error?.code).toBe('aws.access_denied')
    // Not retried: four of the five armed refusals are still there.
    expect((await armedFaults(denied.accountNumber)).map((fault) => fault.count)).toEqual([4])
  }, 120_000)
})
