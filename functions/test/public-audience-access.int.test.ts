/** Who may call the public API's contacts and topics, and what bad input gets (issue 30), against the local stack. */
import type { ApiScope } from '@app/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { audienceOrg, type User } from './audience-helpers'
import { keyed, keyFor } from './public-api-helpers'
import { setSubscription } from './seed'
import { api as dashboardApi, uniqueEmail } from './stack'

const UNKNOWN_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV'
const ALL: ApiScope[] = ['contacts:read', 'contacts:write', 'topics:read', 'topics:write']
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
type Key = ReturnType<typeof keyed>

function call(key: Key, method: Method, path: string, body?: unknown) {
  if (method === 'GET') return key.get(path)
  if (method === 'PATCH') return key.patch(path, body)
  if (method === 'DELETE') return key.delete(path)
  return key.post(path, body)
}

describe('/api/v1 contacts and topics: scopes, tenants, plans and bad input', () => {
  let owner: User
  let orgId: string
  let all: Key
  let contact: { id: string; email: string }
  let topicId: string

  beforeAll(async () => {
    const org = await audienceOrg()
    owner = org.user
    orgId = org.orgId
    all = keyed(await keyFor({ owner, orgId }, ALL))
    topicId = (await all.post('/api/v1/topics', { name: 'Weekly' })).body.id
    const email = uniqueEmail('mine')
    contact = { email, id: (await all.post('/api/v1/contacts', { email })).body.contact.id }
  }, 120_000)

  /** Every operation, as `[scope it needs, method, path, body]`. */
  const operations = (): [ApiScope, Method, string, unknown?][] => [
    ['contacts:write', 'POST', '/api/v1/contacts', { email: uniqueEmail('scoped') }],
    ['contacts:write', 'POST', '/api/v1/contacts/batch', { contacts: [{ email: uniqueEmail('scoped') }] }],
    ['contacts:read', 'GET', '/api/v1/contacts'],
    ['contacts:read', 'GET', `/api/v1/contacts/${contact.id}`],
    ['contacts:write', 'DELETE', `/api/v1/contacts/${contact.id}`],
    [
      'contacts:write',
      'POST',
      `/api/v1/contacts/${contact.id}/subscriptions`,
      { topicPreferences: [{ topicId, status: 'OPT_IN' }] },
    ],
    ['contacts:write', 'POST', `/api/v1/contacts/${contact.id}/unsubscribe`],
    ['topics:read', 'GET', '/api/v1/topics'],
    ['topics:write', 'POST', '/api/v1/topics', { name: `Scoped ${Date.now()}` }],
    ['topics:read', 'GET', `/api/v1/topics/${topicId}`],
    ['topics:write', 'PATCH', `/api/v1/topics/${topicId}`, { description: 'Changed' }],
  ]

  it('needs each operation’s scope: a key holding every other scope gets 403 and changes nothing', async () => {
    const before = (await all.get(`/api/v1/contacts/${contact.id}`)).body
    const keys = new Map<ApiScope, Key>()
    for (const scope of ALL)
      keys.set(
        scope,
        keyed(
          await keyFor(
            { owner, orgId },
            ALL.filter((other) => other !== scope),
          ),
        ),
      )
    for (const [scope, method, path, body] of operations()) {
      const answer = await call(keys.get(scope) as Key, method, path, body)
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(answer.body.error.code).toBe('permission.denied')
    }
    expect((await all.get(`/api/v1/contacts/${contact.id}`)).body).toEqual(before)
    expect((await all.get(`/api/v1/topics/${topicId}`)).body.description).toBe('')
  })

  it('keeps organizations apart: another organization’s key never sees, finds nor changes them', async () => {
    const other = await audienceOrg()
    const stranger = keyed(await keyFor({ owner: other.user, orgId: other.orgId }, ALL))
    for (const [, method, path, body] of operations().filter(([, , path]) => /\/[0-9A-Z]{26}/.test(path))) {
      const answer = await call(stranger, method, path, body)
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(['contact.not_found', 'topic.not_found']).toContain(answer.body.error.code)
    }
    const byEmail = await stranger.get(`/api/v1/contacts/${encodeURIComponent(contact.email)}`)
    expect(byEmail.status).toBe(404)
    const lists = [await stranger.get('/api/v1/contacts?limit=100'), await stranger.get('/api/v1/topics')]
    for (const list of lists)
      expect(JSON.stringify(list.body)).not.toMatch(new RegExp(`${contact.id}|${topicId}`))
    // The same address is its own contact there; this organization's topic is not theirs to subscribe to.
    const theirs = await stranger.post('/api/v1/contacts', { email: contact.email })
    expect(theirs.body.status).toBe('created')
    expect(theirs.body.contact.id).not.toBe(contact.id)
    const borrowed = await stranger.post('/api/v1/contacts/batch', {
      contacts: [{ email: contact.email, topicPreferences: [{ topicId, status: 'OPT_IN' }] }],
    })
    expect(borrowed.body.results[0]).toMatchObject({ status: 'failed', error: { code: 'topic.not_found' } })
    expect((await all.get(`/api/v1/contacts/${contact.id}`)).status).toBe(200)
  })

  it('is gated like campaigns: a key of an organization without the plan gets 403', async () => {
    const start = await audienceOrg()
    const key = keyed(await keyFor({ owner: start.user, orgId: start.orgId }, ALL))
    await setSubscription(start.orgId, 'START', 'active')
    for (const [, method, path, body] of operations().slice(0, 3)) {
      const answer = await call(key, method, path, body)
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(answer.body.error.code).toBe('plan.feature_locked')
    }
  })

  it('takes API keys only: a dashboard sign-in is refused here, and a key on the dashboard’s topics', async () => {
    const signedIn = await owner.api.get('/api/v1/topics')
    expect(signedIn.status).toBe(401)
    expect(signedIn.body.error.code).toBe('auth.unauthorized')
    const key = await keyFor({ owner, orgId }, ALL)
    const onDashboard = await dashboardApi().request('GET', `/api/topics?organizationId=${orgId}`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(onDashboard.status).toBe(401)
    expect(onDashboard.body.error.code).toBe('auth.unauthorized')
  })

  it('refuses bad input on every operation with the documented shape, changing nothing', async () => {
    const contactBefore = (await all.get(`/api/v1/contacts/${contact.id}`)).body
    const topicBefore = (await all.get(`/api/v1/topics/${topicId}`)).body
    const countBefore = (await all.get('/api/v1/contacts?limit=100')).body.items.length
    const tooMany = Array.from({ length: 1001 }, (_, index) => ({ email: `x${index}@example.com` }))
    const bad: [Method, string, unknown, number, string][] = [
      ['POST', '/api/v1/contacts', { email: 'nope' }, 400, 'request.invalid'],
      [
        'POST',
        '/api/v1/contacts',
        { email: uniqueEmail('x'), organizationId: orgId },
        400,
        'request.invalid',
      ],
      [
        'POST',
        '/api/v1/contacts',
        { email: uniqueEmail('x'), topicPreferences: [{ topicId: UNKNOWN_ID, status: 'OPT_IN' }] },
        404,
        'topic.not_found',
      ],
      ['POST', '/api/v1/contacts/batch', { contacts: [] }, 400, 'request.invalid'],
      ['POST', '/api/v1/contacts/batch', { contacts: tooMany }, 400, 'request.invalid'],
      ['POST', '/api/v1/contacts/batch', [{ email: uniqueEmail('x') }], 400, 'request.invalid'],
      ['GET', '/api/v1/contacts?limit=0', undefined, 400, 'request.invalid'],
      ['GET', '/api/v1/contacts?cursor=made-up', undefined, 400, 'request.invalid'],
      ['GET', '/api/v1/contacts?optIn=true', undefined, 400, 'request.invalid'],
      ['GET', `/api/v1/contacts?topicId=${UNKNOWN_ID}`, undefined, 404, 'topic.not_found'],
      ['GET', '/api/v1/contacts/not-an-id', undefined, 400, 'request.invalid'],
      ['GET', `/api/v1/contacts/${UNKNOWN_ID}`, undefined, 404, 'contact.not_found'],
      ['GET', '/api/v1/contacts/nobody%40example.com', undefined, 404, 'contact.not_found'],
      ['DELETE', `/api/v1/contacts/${UNKNOWN_ID}`, undefined, 404, 'contact.not_found'],
      [
        'POST',
        `/api/v1/contacts/${contact.id}/subscriptions`,
        { topicPreferences: [] },
        400,
        'request.invalid',
      ],
      [
        'POST',
        `/api/v1/contacts/${contact.id}/subscriptions`,
        { topicPreferences: [{ topicId: UNKNOWN_ID, status: 'OPT_IN' }] },
        404,
        'topic.not_found',
      ],
      [
        'POST',
        `/api/v1/contacts/${contact.id}/subscriptions`,
        { topicPreferences: [{ topicId, status: 'PENDING' }] },
        400,
        'request.invalid',
      ],
      ['POST', `/api/v1/contacts/${UNKNOWN_ID}/unsubscribe`, undefined, 404, 'contact.not_found'],
      ['POST', `/api/v1/contacts/${contact.id}/unsubscribe`, { all: true }, 400, 'request.invalid'],
      ['POST', '/api/v1/topics', { name: '' }, 400, 'request.invalid'],
      [
        'POST',
        '/api/v1/topics',
        { name: 'X', doubleOptIn: true, defaultSubscriptionStatus: 'OPT_IN' },
        400,
        'request.invalid',
      ],
      ['POST', '/api/v1/topics', { name: 'weekly' }, 409, 'topic.name_exists'],
      ['GET', `/api/v1/topics/${UNKNOWN_ID}`, undefined, 404, 'topic.not_found'],
      ['PATCH', `/api/v1/topics/${topicId}`, {}, 400, 'request.invalid'],
      ['PATCH', `/api/v1/topics/${UNKNOWN_ID}`, { name: 'Y' }, 404, 'topic.not_found'],
    ]
    for (const [method, path, body, status, code] of bad) {
      const answer = await call(all, method, path, body)
      expect(answer.status, `${method} ${path} ${JSON.stringify(answer.body)}`).toBe(status)
      expect(answer.body).toEqual({ error: { code, message: expect.any(String) } })
    }
    expect((await all.get(`/api/v1/contacts/${contact.id}`)).body).toEqual(contactBefore)
    expect((await all.get(`/api/v1/topics/${topicId}`)).body).toEqual(topicBefore)
    expect((await all.get('/api/v1/contacts?limit=100')).body.items.length).toBe(countBefore)
    expect((await all.get('/api/v1/topics')).body.items).toHaveLength(1)
  })
})
