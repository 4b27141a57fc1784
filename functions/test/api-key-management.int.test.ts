import { createHash } from 'node:crypto'
import * as ApiKeys from '@app/core/api-keys/api-keys'
import * as Repo from '@app/core/api-keys/api-keys.repo'
import { dynamo } from '@app/core/aws'
import { apiKeyKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { beforeAll, describe, expect, it } from 'vitest'
import { addMember, setSubscription } from './seed'
import { api, newUser } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

async function orgOf(user: User): Promise<string> {
  return (await user.api.get('/api/account')).body.organizations[0].id
}

/** A call with this `Authorization` (a key presented as `Bearer ssk_live_…`). */
const withKey = (key: string, path: string) =>
  api().request('GET', path, { headers: { authorization: `Bearer ${key}` } })

const keysOf = (orgId: string) => `/api/api-keys?organizationId=${orgId}`
const keyPath = (orgId: string, keyId: string, action = '') =>
  `/api/api-keys/${keyId}${action}?organizationId=${orgId}`
/** What the keys call: the public API's topics, for the key's own organization. */
const V1_TOPICS = '/api/v1/topics'

let owner: User
let orgId: string

beforeAll(async () => {
  owner = await newUser()
  orgId = await orgOf(owner)
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
}, 60_000)

async function create(user: User, org: string, body: Record<string, unknown> = {}) {
  const answer = await user.api.post(keysOf(org), { name: 'CI', scopes: ['topics:read'], ...body })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { key: string; apiKey: { keyId: string } & Record<string, unknown> }
}

describe('API keys in the dashboard: the lifecycle', () => {
  it('answers the key once, keeps only its hash, lists it without a secret, and a revoked key is refused at once', async () => {
    const { key, apiKey } = await create(owner, orgId, {
      name: 'Deploys',
      scopes: ['topics:read', 'contacts:write', 'topics:read'],
      rateLimitPerMinute: 120,
    })
    expect(key).toMatch(new RegExp(`^ssk_live_${apiKey.keyId}_[A-Za-z0-9_-]{43}$`))
    expect(apiKey).toMatchObject({
      name: 'Deploys',
      prefix: `ssk_live_${apiKey.keyId}`,
      scopes: ['topics:read', 'contacts:write'],
      rateLimitPerMinute: 120,
      createdBy: { type: 'user', accountId: owner.sub, email: owner.email },
      lastUsedAt: null,
      revokedAt: null,
    })
    const secret = key.slice(`ssk_live_${apiKey.keyId}_`.length)
    const stored = await Repo.getApiKey(apiKey.keyId)
    expect(stored?.secretHash).toBe(createHash('sha256').update(secret).digest('base64url'))
    expect(JSON.stringify(stored)).not.toContain(secret)

    const listed = await owner.api.get(keysOf(orgId))
    expect(listed.status).toBe(200)
    expect(listed.body.items[0]).toEqual({ ...apiKey, lastUsedAt: null })
    expect(JSON.stringify(listed.body)).not.toContain(secret)
    expect(JSON.stringify(listed.body)).not.toContain('secretHash')

    expect((await withKey(key, V1_TOPICS)).status).toBe(200)
    expect((await owner.api.get(keysOf(orgId))).body.items[0].lastUsedAt).toEqual(expect.any(String))

    const revoked = await owner.api.post(keyPath(orgId, apiKey.keyId, '/revoke'))
    expect(revoked.status).toBe(200)
    expect(revoked.body.revokedAt).toEqual(expect.any(String))
    const refused = await withKey(key, V1_TOPICS)
    expect(refused.status).toBe(401)
    expect(refused.body.error.code).toBe('auth.unauthorized')
    // Revoking again answers the key as it is; a revoked key is neither renamed nor rotated.
    expect((await owner.api.post(keyPath(orgId, apiKey.keyId, '/revoke'))).body.revokedAt).toBe(
      revoked.body.revokedAt,
    )
    for (const [answer, label] of [
      [await owner.api.patch(keyPath(orgId, apiKey.keyId), { name: 'Again' }), 'rename'],
      [await owner.api.post(keyPath(orgId, apiKey.keyId, '/rotate'), {}), 'rotate'],
    ] as const) {
      expect({ status: answer.status, code: answer.body.error?.code }, label).toEqual({
        status: 409,
        code: 'api_key.revoked',
      })
    }
    expect((await Repo.getApiKey(apiKey.keyId))?.name).toBe('Deploys')
  })

  it('rotates with a grace period: the old secret works until it ends, then 401; a grace of 0 ends it at once', async () => {
    const first = await create(owner, orgId)
    const rotated = await owner.api.post(keyPath(orgId, first.apiKey.keyId, '/rotate'), {
      graceSeconds: 3600,
    })
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200)
    const second: string = rotated.body.key
    expect(second).not.toBe(first.key)
    expect(second.startsWith(`ssk_live_${first.apiKey.keyId}_`)).toBe(true)
    const until = Date.parse(rotated.body.apiKey.previousSecretValidUntil)
    expect(until - Date.parse(rotated.body.apiKey.rotatedAt)).toBe(3600_000)
    expect((await withKey(second, V1_TOPICS)).status).toBe(200)
    expect((await withKey(first.key, V1_TOPICS)).status).toBe(200)
    // After the grace (the clock moved on, not slept): the old secret is refused, the new one is not.
    await expect(ApiKeys.authenticateApiKey(first.key, new Date(until + 1))).rejects.toMatchObject({
      code: 'auth.unauthorized',
    })
    await expect(ApiKeys.authenticateApiKey(second, new Date(until + 1))).resolves.toMatchObject({
      keyId: first.apiKey.keyId,
    })

    const third = await owner.api.post(keyPath(orgId, first.apiKey.keyId, '/rotate'), { graceSeconds: 0 })
    expect(third.status).toBe(200)
    expect(third.body.apiKey.previousSecretValidUntil).toBeNull()
    expect((await withKey(second, V1_TOPICS)).status).toBe(401)
    expect((await withKey(first.key, V1_TOPICS)).status).toBe(401)
    expect((await withKey(third.body.key, V1_TOPICS)).status).toBe(200)
  })

  it('renames a key and changes its rate limit, which its caller carries', async () => {
    const { key, apiKey } = await create(owner, orgId)
    expect((await ApiKeys.authenticateApiKey(key)).rateLimitPerMinute).toBe(600)
    const changed = await owner.api.patch(keyPath(orgId, apiKey.keyId), {
      name: 'Renamed',
      rateLimitPerMinute: 10,
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ name: 'Renamed', rateLimitPerMinute: 10 })
    expect(await ApiKeys.authenticateApiKey(key)).toMatchObject({
      rateLimitPerMinute: 10,
      scopes: ['topics:read'],
    })
  })

  it('reads a key written before scopes as the scopes standing for its permissions, with the default rate limit', async () => {
    const keyId = ulid()
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...apiKeyKey(keyId),
          entity: 'ApiKey',
          keyId,
          orgId,
          name: 'Old',
          scopes: ['audience.read', 'organization.read'],
          secretHash: 'x',
          createdBy: { type: 'user', accountId: owner.sub, email: owner.email },
          createdAt: new Date().toISOString(),
        },
      }),
    )
    expect(await Repo.getApiKey(keyId)).toMatchObject({
      scopes: ['contacts:read', 'topics:read'],
      rateLimitPerMinute: 600,
    })
  })
})

describe('API keys in the dashboard: who may', () => {
  it('lets owners and admins manage keys; a member gets 403, a stranger 404 on every route, a key 401', async () => {
    const [admin, member, stranger] = await Promise.all([newUser(), newUser(), newUser()])
    await Promise.all([addMember(orgId, admin.sub, 'ADMIN'), addMember(orgId, member.sub, 'MEMBER')])
    const { key, apiKey } = await create(admin, orgId)
    const calls = (user: User) => [
      user.api.get(keysOf(orgId)),
      user.api.post(keysOf(orgId), { name: 'x', scopes: ['topics:read'] }),
      user.api.patch(keyPath(orgId, apiKey.keyId), { name: 'x' }),
      user.api.post(keyPath(orgId, apiKey.keyId, '/rotate'), {}),
      user.api.post(keyPath(orgId, apiKey.keyId, '/revoke')),
    ]
    for (const [user, status, code] of [
      [member, 403, 'permission.denied'],
      [stranger, 404, 'organization.not_found'],
    ] as const) {
      for (const answer of await Promise.all(calls(user)))
        expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status, code })
    }
    const byKey = await withKey(key, keysOf(orgId))
    expect(byKey.status).toBe(401)
    expect((await Repo.getApiKey(apiKey.keyId))?.name).toBe('CI')
    expect((await withKey(key, V1_TOPICS)).status).toBe(200)
  })

  it('follows the campaigns plan gate', async () => {
    const solo = await newUser()
    const soloOrg = await orgOf(solo)
    await setSubscription(soloOrg, 'SOLO_MONTHLY', 'active')
    const answer = await solo.api.post(keysOf(soloOrg), { name: 'x', scopes: ['topics:read'] })
    expect(answer.status).toBe(403)
    expect(answer.body.error.code).toBe('plan.feature_locked')
  })

  it("keeps tenants apart: another organization's key is 404 by id and never listed", async () => {
    const other = await newUser()
    const otherOrg = await orgOf(other)
    await setSubscription(otherOrg, 'TEAM_MONTHLY', 'active')
    const theirs = await create(other, otherOrg)
    for (const answer of [
      await owner.api.patch(keyPath(orgId, theirs.apiKey.keyId), { name: 'mine' }),
      await owner.api.post(keyPath(orgId, theirs.apiKey.keyId, '/rotate'), {}),
      await owner.api.post(keyPath(orgId, theirs.apiKey.keyId, '/revoke')),
    ]) {
      expect(answer.status).toBe(404)
      expect(answer.body.error.code).toBe('api_key.not_found')
    }
    const listed = await owner.api.get(keysOf(orgId))
    expect(JSON.stringify(listed.body)).not.toContain(theirs.apiKey.keyId)
    const ours = await owner.api.post(`/api/topics?organizationId=${orgId}`, { name: `Ours ${Date.now()}` })
    expect(ours.status).toBe(201)
    const seen = await withKey(theirs.key, V1_TOPICS)
    expect(seen.status).toBe(200)
    expect(JSON.stringify(seen.body)).not.toContain(ours.body.id)
  })
})

describe('API keys in the dashboard: bad input', () => {
  it('answers 400 request.invalid naming the field on every route, and changes nothing', async () => {
    const { apiKey } = await create(owner, orgId, { name: 'Steady' })
    const before = await owner.api.get(keysOf(orgId))
    const id = apiKey.keyId
    const cases: [
      Promise<{ status: number; body: { error?: { code: string; message: string } } }>,
      string,
    ][] = [
      [owner.api.get('/api/api-keys?organizationId=nope'), 'query.organizationId'],
      [owner.api.get(`${keysOf(orgId)}&limit=0`), 'query.limit'],
      [owner.api.get(`${keysOf(orgId)}&cursor=forged.cursor`), 'query.cursor'],
      [owner.api.post(keysOf(orgId), { name: '', scopes: ['topics:read'] }), 'body.name'],
      [owner.api.post(keysOf(orgId), { name: 'x', scopes: [] }), 'body.scopes'],
      [owner.api.post(keysOf(orgId), { name: 'x', scopes: ['audience.read'] }), 'body.scopes'],
      [
        owner.api.post(keysOf(orgId), { name: 'x', scopes: ['topics:read'], rateLimitPerMinute: 9 }),
        'body.rateLimitPerMinute',
      ],
      [
        owner.api.post(keysOf(orgId), { name: 'x', scopes: ['topics:read'], rateLimitPerMinute: 6001 }),
        'body.rateLimitPerMinute',
      ],
      [owner.api.post(keysOf(orgId), { name: 'x', scopes: ['topics:read'], admin: true }), 'body'],
      [owner.api.patch(keyPath(orgId, id), {}), 'body'],
      [owner.api.patch(keyPath(orgId, id), { rateLimitPerMinute: 1.5 }), 'body.rateLimitPerMinute'],
      [owner.api.patch(keyPath(orgId, 'not-an-id'), { name: 'x' }), 'path.id'],
      [owner.api.post(keyPath(orgId, id, '/rotate'), { graceSeconds: -1 }), 'body.graceSeconds'],
      [owner.api.post(keyPath(orgId, id, '/rotate'), { graceSeconds: 7 * 86400 + 1 }), 'body.graceSeconds'],
      [owner.api.post(keyPath(orgId, 'not-an-id', '/revoke')), 'path.id'],
    ]
    for (const [call, field] of cases) {
      const answer = await call
      expect({ status: answer.status, code: answer.body.error?.code }, field).toEqual({
        status: 400,
        code: 'request.invalid',
      })
      expect(answer.body.error?.message, field).toContain(field)
    }
    expect((await owner.api.get(keysOf(orgId))).body).toEqual(before.body)
  })
})
