import type { Principal } from '@app/contracts'
import { type ApiKeyActor, AudienceJobs, Contacts, JobRunner, systemActor } from '@app/core'
import { dynamo } from '@app/core/aws'
import { jobKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import * as JobsRepo from '@app/core/jobs/jobs.repo'
import { useApiKeyLookup } from '@app/core/jobs/principal'
import { organizationContext } from '@app/core/organizations/context'
import { removeMember } from '@app/core/organizations/organizations.repo'
import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addMember } from './seed'
import { newUser } from './stack'

/** Job runs re-check the principal that started them (`jobs/principal.ts`), played here slice by slice. */

let orgId: string
let apiKey: ApiKeyActor
const system = systemActor('scheduler')

/** What SQS does once the visibility timeout has passed: by then the stopped slice's lease is over. */
async function expireLease(jobId: string) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(orgId, jobId),
      UpdateExpression: 'SET leaseUntil = :past',
      ExpressionAttributeValues: { ':past': Date.now() - 1 },
    }),
  )
}

beforeAll(async () => {
  const owner = await newUser()
  orgId = (await owner.api.get('/api/account')).body.selectedOrganization
  apiKey = {
    kind: 'apiKey',
    organizationId: orgId,
    keyId: 'key-jobs',
    scopes: ['contacts:write'],
    rateLimitPerMinute: 600,
  }
}, 60_000)

afterEach(() => useApiKeyLookup(undefined))

describe('a job re-checks who started it', () => {
  const handlers = AudienceJobs.audienceJobHandlers
  const deadline = () => Date.now() + 60_000

  async function contactIds(count: number) {
    const context = await organizationContext(system, orgId, 'audience.write')
    const ids: string[] = []
    for (let i = 0; i < count; i++) {
      const contact = await Contacts.createContact(context, {
        email: `job-${ulid().toLowerCase()}@example.com`,
        topicPreferences: [],
        attributes: {},
        unsubscribeAll: false,
      })
      ids.push(contact.id)
    }
    return ids
  }

  /** A bulk delete written as the API writes it, not enqueued: the test plays the worker's deliveries. */
  async function bulkDelete(createdBy: Principal, ids: string[]) {
    const id = ulid()
    await JobsRepo.createJob(
      {
        id,
        orgId,
        kind: 'audience.bulk_delete',
        awsAccountId: null,
        status: 'queued',
        counts: { total: ids.length, done: 0, succeeded: 0, failed: 0 },
        createdAt: new Date().toISOString(),
        startedAt: null,
        finishedAt: null,
        createdBy,
      },
      ids.map((key, index) => ({ jobId: id, index, key, label: key, status: 'pending' })),
    )
    return { orgId, jobId: id }
  }

  const statuses = async (jobId: string) =>
    (await JobsRepo.listItems(orgId, jobId)).map((item) => [item.status, item.error?.code ?? null])

  it('runs a job the system started', async () => {
    const message = await bulkDelete({ type: 'system', name: 'scheduler' }, await contactIds(2))
    expect(await JobRunner.runJobSlice(message, { handlers, deadline: deadline(), owner: 'test' })).toBe(
      'done',
    )
    expect(await statuses(message.jobId)).toEqual([
      ['succeeded', null],
      ['succeeded', null],
    ])
  })

  it('stops a job whose user lost their membership mid-run', async () => {
    const member = await newUser()
    const memberAccount = (await member.api.get('/api/account')).body
    await addMember(orgId, memberAccount.id, 'MEMBER')
    const message = await bulkDelete(
      { type: 'user', accountId: memberAccount.id, email: memberAccount.email },
      await contactIds(3),
    )
    class Stop extends Error {}
    await expect(
      JobRunner.runJobSlice(message, {
        handlers,
        deadline: deadline(),
        owner: 'first',
        afterItem: (item) => {
          if (item.index === 1) throw new Stop('the slice ends here')
        },
      }),
    ).rejects.toBeInstanceOf(Stop)
    await removeMember(orgId, memberAccount.id)
    await expireLease(message.jobId)
    await JobRunner.runJobSlice(message, { handlers, deadline: deadline(), owner: 'second' })
    expect(await statuses(message.jobId)).toEqual([
      ['succeeded', null],
      ['failed', 'organization.not_found'],
      ['failed', 'organization.not_found'],
    ])
  })

  it('refuses a job an API key started while no key store can check the key, clearly', async () => {
    const message = await bulkDelete({ type: 'apiKey', keyId: 'key-jobs' }, await contactIds(1))
    await JobRunner.runJobSlice(message, { handlers, deadline: deadline(), owner: 'test' })
    const [item] = await JobsRepo.listItems(orgId, message.jobId)
    expect(item?.status).toBe('failed')
    expect(item?.error).toMatchObject({
      code: 'permission.denied',
      message: expect.stringContaining('API key'),
    })
  })

  it('asks the key store: a key that still holds the scope runs, a deleted or unscoped one is refused', async () => {
    const keys = new Map<string, ApiKeyActor>([
      ['key-jobs', apiKey],
      ['key-read-only', { ...apiKey, keyId: 'key-read-only', scopes: ['contacts:read'] }],
    ])
    useApiKeyLookup(async (org, keyId) => (org === orgId ? keys.get(keyId) : undefined))
    const runs = await bulkDelete({ type: 'apiKey', keyId: 'key-jobs' }, await contactIds(1))
    const unscoped = await bulkDelete({ type: 'apiKey', keyId: 'key-read-only' }, await contactIds(1))
    const deleted = await bulkDelete({ type: 'apiKey', keyId: 'key-deleted' }, await contactIds(1))
    for (const message of [runs, unscoped, deleted])
      await JobRunner.runJobSlice(message, { handlers, deadline: deadline(), owner: 'test' })
    expect(await statuses(runs.jobId)).toEqual([['succeeded', null]])
    expect(await statuses(unscoped.jobId)).toEqual([['failed', 'permission.denied']])
    expect(await statuses(deleted.jobId)).toEqual([['failed', 'permission.denied']])
    expect((await JobsRepo.listItems(orgId, deleted.jobId))[0]?.error?.message).toMatch(/no longer exists/)
  })
})
