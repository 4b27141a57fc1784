/** Contacts and topics on the public API (`/api/v1/contacts`, `/api/v1/topics`, issue 30), against the local stack. */
import { CONTACTS_MAX } from '@app/contracts'
import { dynamo } from '@app/core/aws'
import { AUDIENCE_COUNTS_SK, audienceCountPartition } from '@app/core/db/keys'
import { shardKey } from '@app/core/db/shards'
import { tableName } from '@app/core/db/table'
import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { beforeAll, describe, expect, it } from 'vitest'
import { audienceOrg, topicCounts, type User } from './audience-helpers'
import { eventItemsOf } from './outbox-helpers'
import { keyed, keyFor } from './public-api-helpers'
import { uniqueEmail } from './stack'

const WRITE = ['contacts:read', 'contacts:write', 'topics:read', 'topics:write'] as const

describe('/api/v1/contacts and /api/v1/topics', () => {
  let owner: User
  let orgId: string
  let api: ReturnType<typeof keyed>
  let keyId: string
  let topicId: string

  beforeAll(async () => {
    const org = await audienceOrg()
    owner = org.user
    orgId = org.orgId
    const key = await keyFor({ owner, orgId }, [...WRITE])
    keyId = key.split('_')[2] as string
    api = keyed(key)
    const topic = await api.post('/api/v1/topics', { name: 'Product news', description: 'Monthly' })
    expect(topic.status, JSON.stringify(topic.body)).toBe(201)
    topicId = topic.body.id
  }, 120_000)

  it('manages topics: create, list, get, update; a taken name is 409', async () => {
    const created = await api.post('/api/v1/topics', {
      name: 'Releases',
      defaultSubscriptionStatus: 'OPT_IN',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({
      name: 'Releases',
      defaultSubscriptionStatus: 'OPT_IN',
      status: 'active',
    })
    expect(created.body).not.toHaveProperty('organizationId')
    const list = await api.get('/api/v1/topics')
    expect(list.status).toBe(200)
    expect(list.body.nextCursor).toBeNull()
    expect(list.body.items.map((topic: { name: string }) => topic.name)).toEqual(['Product news', 'Releases'])
    const renamed = await api.patch(`/api/v1/topics/${created.body.id}`, { name: 'Release notes' })
    expect(renamed.status).toBe(200)
    expect((await api.get(`/api/v1/topics/${created.body.id}`)).body).toEqual(renamed.body)
    const taken = await api.post('/api/v1/topics', { name: 'product NEWS' })
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe('topic.name_exists')
    // The dashboard sees the same topics.
    const dashboard = await owner.api.get(`/api/topics?organizationId=${orgId}`)
    expect(dashboard.body.items.map((topic: { id: string }) => topic.id)).toContain(created.body.id)
  })

  it('upserts one contact by email: created, then updated, then unchanged; source and consent trail `api`', async () => {
    const email = uniqueEmail('upsert')
    const first = await api.post('/api/v1/contacts', {
      email: `  ${email.toUpperCase()} `,
      firstName: 'Ada',
      attributes: { plan: 'pro' },
      topicPreferences: [{ topicId, status: 'OPT_IN' }],
    })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toMatchObject({
      status: 'created',
      suppressed: false,
      contact: { email, firstName: 'Ada', attributes: { plan: 'pro' }, source: { kind: 'api' } },
    })
    expect(first.body.contact).not.toHaveProperty('organizationId')
    const second = await api.post('/api/v1/contacts', {
      email,
      lastName: 'Lovelace',
      attributes: { seat: '3' },
    })
    expect(second.body).toMatchObject({
      status: 'updated',
      contact: { id: first.body.contact.id, firstName: 'Ada', lastName: 'Lovelace' },
    })
    expect(second.body.contact.attributes).toEqual({ plan: 'pro', seat: '3' })
    const third = await api.post('/api/v1/contacts', { email, firstName: 'Ada' })
    expect(third.body.status).toBe('unchanged')
    expect(third.body.contact.version).toBe(second.body.contact.version)

    const detail = await api.get(`/api/v1/contacts/${encodeURIComponent(email)}`)
    expect(detail.status).toBe(200)
    expect(detail.body.id).toBe(first.body.contact.id)
    expect(detail.body.subscriptions).toContainEqual(
      expect.objectContaining({ topicId, status: 'OPT_IN', explicit: true }),
    )
    expect(detail.body.trail.at(-1)).toMatchObject({
      source: 'api',
      by: { type: 'apiKey', keyId },
      changes: [{ topicId, from: null, to: 'OPT_IN' }],
    })
  })

  it('opts in and out per topic and unsubscribes from all, each on the trail as `api`; deletes by email', async () => {
    const email = uniqueEmail('subs')
    const { id } = (await api.post('/api/v1/contacts', { email })).body.contact
    const opted = await api.post(`/api/v1/contacts/${id}/subscriptions`, {
      topicPreferences: [{ topicId, status: 'OPT_IN' }],
    })
    expect(opted.status, JSON.stringify(opted.body)).toBe(200)
    expect(opted.body.subscriptions).toContainEqual(expect.objectContaining({ topicId, status: 'OPT_IN' }))
    const out = await api.post(`/api/v1/contacts/${encodeURIComponent(email)}/subscriptions`, {
      topicPreferences: [{ topicId, status: 'OPT_OUT' }],
    })
    expect(out.body.subscriptions).toContainEqual(expect.objectContaining({ topicId, status: 'OPT_OUT' }))
    const all = await api.post(`/api/v1/contacts/${id}/unsubscribe`)
    expect(all.status).toBe(200)
    expect(all.body.unsubscribeAll).toBe(true)
    expect(all.body.trail.slice(0, 3).map((entry: { source: string }) => entry.source)).toEqual([
      'api',
      'api',
      'api',
    ])
    expect(all.body.trail[0]).toMatchObject({ unsubscribeAll: { from: false, to: true }, by: { keyId } })
    // The audience's own events of these changes, made by the key with the source `api`.
    const byKey = { type: 'apiKey', keyId }
    const events = async (type: string) =>
      (await eventItemsOf(orgId, type)).filter(
        (item) => (item.payload as { contactId: string }).contactId === id,
      )
    // Only this topic's: a new contact is also subscribed, at creation, to the file's default-OPT_IN topics.
    const subscribedHere = (await events('contact.subscribed')).filter((item) =>
      (item.payload as { topicIds: string[] }).topicIds.includes(topicId),
    )
    expect(subscribedHere).toEqual([
      expect.objectContaining({
        actor: byKey,
        payload: expect.objectContaining({ topicIds: [topicId], source: 'api' }),
      }),
    ])
    const unsubscribed = (await events('contact.unsubscribed')).map((item) => item.payload)
    expect(unsubscribed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ topicIds: [topicId], all: false, source: 'api' }),
        expect.objectContaining({ all: true, source: 'api' }),
      ]),
    )
    expect(unsubscribed).toHaveLength(2)
    // An unsubscribed contact is not subscribed again by an upsert (its explicit preference would not be mailed).
    const again = await api.post('/api/v1/contacts', {
      email,
      topicPreferences: [{ topicId, status: 'OPT_IN' }],
    })
    expect(again.body.contact.unsubscribeAll).toBe(true)

    expect((await api.delete(`/api/v1/contacts/${encodeURIComponent(email)}`)).status).toBe(204)
    const gone = await api.get(`/api/v1/contacts/${id}`)
    expect(gone.status).toBe(404)
    expect(gone.body.error.code).toBe('contact.not_found')
  })

  it('upserts 1,000 contacts in one call, a result per item in order; an invalid or repeated item fails alone', async () => {
    const before = await topicCounts(owner, orgId, topicId)
    const stamp = Date.now()
    const contacts: unknown[] = Array.from({ length: 1000 }, (_, index) => ({
      email: `batch-${stamp}-${index}@example.com`,
      firstName: `N${index}`,
      topicPreferences: [{ topicId, status: 'OPT_IN' }],
    }))
    contacts[10] = { email: 'not-an-address', firstName: 'X' }
    contacts[20] = { email: `batch-${stamp}-21@example.com`, colour: 'blue' }
    contacts[30] = { email: `batch-${stamp}-0@example.com` }
    const answer = await api.post('/api/v1/contacts/batch', { contacts })
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200)
    expect(answer.body.counts).toEqual({ created: 997, updated: 0, unchanged: 0, failed: 3 })
    expect(answer.body.results.map((result: { index: number }) => result.index)).toEqual(
      contacts.map((_, index) => index),
    )
    expect(answer.body.results[10]).toEqual({
      index: 10,
      email: 'not-an-address',
      status: 'failed',
      suppressed: false,
      error: { code: 'request.invalid', message: expect.stringMatching(/^body\.contacts\.10\.email: /) },
    })
    expect(answer.body.results[20].error.message).toMatch(/^body\.contacts\.20: .*colour/)
    expect(answer.body.results[30].error.message).toMatch(/item 0/)
    expect(answer.body.results[999]).toMatchObject({
      index: 999,
      email: `batch-${stamp}-999@example.com`,
      status: 'created',
      id: expect.any(String),
    })
    const after = await topicCounts(owner, orgId, topicId)
    expect(after.subscribed - before.subscribed).toBe(997)
    const list = await api.get(`/api/v1/contacts?searchQuery=batch-${stamp}-99&limit=100`)
    expect(list.body.items.map((contact: { email: string }) => contact.email)).toContain(
      `batch-${stamp}-999@example.com`,
    )
    expect(list.body.items[0]).toMatchObject({ source: { kind: 'api' } })

    const rerun = await api.post('/api/v1/contacts/batch', { contacts: contacts.slice(0, 5) })
    expect(rerun.body.counts).toEqual({ created: 0, updated: 0, unchanged: 5, failed: 0 })
  }, 180_000)

  it('replays an upsert under the same Idempotency-Key and refuses the key with another body', async () => {
    const headers = { 'idempotency-key': `batch-${Date.now()}` }
    const body = { contacts: [{ email: uniqueEmail('idem') }, { email: uniqueEmail('idem') }] }
    const first = await api.post('/api/v1/contacts/batch', body, headers)
    expect(first.body.counts.created).toBe(2)
    const replay = await api.post('/api/v1/contacts/batch', body, headers)
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    const reused = await api.post('/api/v1/contacts/batch', { contacts: body.contacts.slice(1) }, headers)
    expect(reused.status).toBe(422)
    expect(reused.body.error.code).toBe('idempotency.key_reused')
    // Without the key, a repeat runs again and finds nothing to change.
    expect((await api.post('/api/v1/contacts/batch', body)).body.counts.unchanged).toBe(2)

    // 20 concurrent upserts under one key: one runs (the others wait their turn with 409 or get its answer).
    const email = uniqueEmail('once')
    const once = { 'idempotency-key': `once-${Date.now()}` }
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/api/v1/contacts', { email, firstName: 'Once' }, once)),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(
      statuses.every((status) => status === 200 || status === 409),
      JSON.stringify(statuses),
    ).toBe(true)
    const created = answers.filter((answer) => answer.status === 200)
    expect(new Set(created.map((answer) => answer.body.contact.id)).size).toBe(1)
    expect(created.every((answer) => answer.body.status === 'created')).toBe(true)
    // A second run would have answered `unchanged`: every answer is the one run's, replayed.
    expect((await api.get(`/api/v1/contacts/${encodeURIComponent(email)}`)).body.version).toBe(1)
  })

  it('refuses the contacts past the organization’s limit, each with its own error, and writes those that fit', async () => {
    const full = await audienceOrg()
    const key = keyed(await keyFor({ owner: full.user, orgId: full.orgId }, [...WRITE]))
    // The audience counters say the organization holds one contact short of the limit (as a million would).
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: shardKey(audienceCountPartition(full.orgId), 0), SK: AUDIENCE_COUNTS_SK },
        UpdateExpression: 'ADD contacts :n',
        ExpressionAttributeValues: { ':n': CONTACTS_MAX - 1 },
      }),
    )
    const contacts = [uniqueEmail('fits'), uniqueEmail('over'), uniqueEmail('over')].map((email) => ({
      email,
    }))
    const answer = await key.post('/api/v1/contacts/batch', { contacts })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.counts).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 2 })
    for (const result of answer.body.results.slice(1))
      expect(result).toMatchObject({ status: 'failed', error: { code: 'contact.limit_reached' } })
    const single = await key.post('/api/v1/contacts', { email: uniqueEmail('over') })
    expect(single.status).toBe(409)
    expect(single.body.error.code).toBe('contact.limit_reached')
    // An existing contact is still updated: the limit counts contacts, not changes.
    const update = await key.post('/api/v1/contacts', { email: contacts[0]?.email, firstName: 'Kept' })
    expect(update.body.status).toBe('updated')
  })

  it('pages the contact list with the audience filters and its signed cursor', async () => {
    const stamp = Date.now()
    const contacts = Array.from({ length: 5 }, (_, index) => ({
      email: `page-${stamp}-${index}@example.com`,
    }))
    expect((await api.post('/api/v1/contacts/batch', { contacts })).body.counts.created).toBe(5)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page = await api.get(
        `/api/v1/contacts?searchQuery=page-${stamp}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(page.status, JSON.stringify(page.body)).toBe(200)
      seen.push(...page.body.items.map((contact: { email: string }) => contact.email))
      cursor = page.body.nextCursor
    } while (cursor)
    expect(seen).toEqual(contacts.map((contact) => contact.email))
    const optedIn = await api.get(`/api/v1/contacts?topicId=${topicId}&optIn=true&searchQuery=page-${stamp}`)
    expect(optedIn.body.items).toEqual([])
  })
})
