import { createHash } from 'node:crypto'
import type { ApiScope } from '@app/contracts'
import type { UserActor } from '@app/core'
import * as ApiKeys from '@app/core/api-keys/api-keys'
import * as Repo from '@app/core/api-keys/api-keys.repo'
import { dynamo } from '@app/core/aws'
import { apiKeyRowKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { organizationContext } from '@app/core/organizations/context'
import { purgeOrganization } from '@app/core/purge/purge'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { userPoolIssuer, verifyIdToken } from '../src/middleware/id-token'
import { setSubscription } from './seed'
import { api, newUser, stack } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

const JwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) })

const actorOf = (user: User): UserActor => ({
  kind: 'user',
  accountId: user.sub,
  username: user.sub,
  email: user.email,
  emailVerified: true,
  groups: [],
})

async function orgOf(user: User): Promise<string> {
  return (await user.api.get('/api/account')).body.organizations[0].id
}

async function keyFor(user: User, orgId: string, scopes: ApiScope[] = ['topics:read']) {
  const context = await organizationContext(actorOf(user), orgId, 'organization.read')
  return ApiKeys.createApiKey(context, { name: 'CI', scopes })
}

/** A call with `Authorization` as given (the local API client sends an ID token without a scheme). */
const withAuthorization = (authorization: string, path: string) =>
  api().request('GET', path, { headers: { authorization } })

describe('API keys (core, against the real table)', () => {
  let owner: User
  let orgId: string

  beforeAll(async () => {
    owner = await newUser()
    orgId = await orgOf(owner)
  }, 60_000)

  it('answers the key once, stores only its hash, authenticates it by id and records a use once a minute', async () => {
    const { key, apiKey } = await keyFor(owner, orgId)
    expect(key).toMatch(/^ssk_live_[0-9A-Z]{26}_[A-Za-z0-9_-]{43}$/)
    const stored = await Repo.getApiKey(apiKey.keyId)
    const secret = key.slice(`ssk_live_${apiKey.keyId}_`.length)
    expect(stored?.secretHash).toBe(createHash('sha256').update(secret).digest('base64url'))
    expect(JSON.stringify(stored)).not.toContain(secret)
    expect(stored?.createdBy).toEqual({ type: 'user', accountId: owner.sub, email: owner.email })

    const now = new Date()
    expect(await ApiKeys.authenticateApiKey(key, now)).toEqual({
      kind: 'apiKey',
      organizationId: orgId,
      keyId: apiKey.keyId,
      scopes: ['topics:read'],
      rateLimitPerMinute: 600,
    })
    const used = (await Repo.getApiKey(apiKey.keyId))?.lastUsedAt
    expect(used).toBe(now.toISOString())
    await ApiKeys.authenticateApiKey(key, new Date(now.getTime() + 30_000))
    expect((await Repo.getApiKey(apiKey.keyId))?.lastUsedAt).toBe(used)
    const later = new Date(now.getTime() + 61_000)
    await ApiKeys.authenticateApiKey(key, later)
    expect((await Repo.getApiKey(apiKey.keyId))?.lastUsedAt).toBe(later.toISOString())
  })

  it('refuses a wrong secret, an unknown id, a malformed key and a revoked key alike (401)', async () => {
    const { key, apiKey } = await keyFor(owner, orgId)
    const wrong = `${key.slice(0, -4)}AAAA`
    const unknown = key.replace(apiKey.keyId, '01JD3Z0V3Q7W9X2Y4A6B8C0D1E')
    for (const presented of [wrong, unknown, 'ssk_live_nope', `${key}x`]) {
      await expect(ApiKeys.authenticateApiKey(presented)).rejects.toMatchObject({
        code: 'auth.unauthorized',
      })
    }
    const context = await organizationContext(actorOf(owner), orgId, 'organization.read')
    expect((await ApiKeys.revokeApiKey(context, apiKey.keyId)).revokedAt).toEqual(expect.any(String))
    await expect(ApiKeys.authenticateApiKey(key)).rejects.toMatchObject({ code: 'auth.unauthorized' })
    expect(await ApiKeys.findApiKeyActor(orgId, apiKey.keyId)).toBeUndefined()
  })

  it("grants only scopes the creator holds, and revokes only the organization's own keys (404)", async () => {
    const stranger = await newUser()
    const strangerContext = await organizationContext(
      actorOf(stranger),
      await orgOf(stranger),
      'organization.read',
    )
    const { apiKey } = await keyFor(owner, orgId)
    await expect(ApiKeys.revokeApiKey(strangerContext, apiKey.keyId)).rejects.toMatchObject({
      code: 'api_key.not_found',
    })
    await expect(keyFor(owner, orgId, ['nope' as ApiScope])).rejects.toBeInstanceOf(z.ZodError)
  })

  it('lists the keys newest first in signed pages, and purges them with the organization', async () => {
    const user = await newUser()
    const org = await orgOf(user)
    const context = await organizationContext(actorOf(user), org, 'organization.read')
    const created: string[] = []
    for (let index = 0; index < 5; index++) created.push((await keyFor(user, org)).apiKey.keyId)
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await ApiKeys.listApiKeys(context, { limit: 2, cursor })
      expect(JSON.stringify(page)).not.toContain('secretHash')
      seen.push(...page.items.map((item) => item.keyId))
      cursor = page.nextCursor ?? undefined
      pages++
    } while (cursor)
    expect(seen).toEqual([...created].reverse())
    expect(pages).toBe(3)
    await expect(ApiKeys.listApiKeys(context, { limit: 2, cursor: 'forged.cursor' })).rejects.toMatchObject({
      code: 'request.invalid',
    })

    await purgeOrganization(org)
    for (const keyId of created) {
      expect(await Repo.getApiKey(keyId)).toBeUndefined()
      const row = await dynamo().send(
        new GetCommand({ TableName: tableName(), Key: apiKeyRowKey(org, keyId) }),
      )
      expect(row.Item).toBeUndefined()
    }
  })
})

describe('keys on the public API, never on the dashboard (GET /api/v1/topics)', () => {
  let owner: User
  let orgId: string
  let key: string

  beforeAll(async () => {
    owner = await newUser()
    orgId = await orgOf(owner)
    await setSubscription(orgId, 'TEAM_PLUS_YEARLY', 'active')
    const topic = await owner.api.post(`/api/topics?organizationId=${orgId}`, { name: 'Readers' })
    expect(topic.status).toBe(201)
    key = (await keyFor(owner, orgId, ['topics:read'])).key
  }, 60_000)

  const V1_TOPICS = '/api/v1/topics'
  const dashboardTopics = (org: string) => `/api/topics?organizationId=${org}`

  it("answers a key with its organization's topics, as the dashboard lists them for a member", async () => {
    const byUser = await owner.api.get(dashboardTopics(orgId))
    const byKey = await withAuthorization(`Bearer ${key}`, V1_TOPICS)
    expect(byUser.status).toBe(200)
    expect(byKey.status).toBe(200)
    expect(byKey.body.items).toEqual(
      byUser.body.items.map(({ organizationId: _org, ...topic }: { organizationId: string }) => topic),
    )
    expect(byKey.body.items.map((item: { name: string }) => item.name)).toEqual(['Readers'])
  })

  it("verifies the local pool's ID tokens as Cognito's: its issuer and JWKS, our client, ID tokens only", async () => {
    expect(userPoolIssuer()).toBe(stack.cognitoIssuer)
    const jwks = JwksSchema.parse(await (await fetch(stack.jwksUrl)).json())
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) })
    expect(await verifyIdToken(owner.idToken)).toMatchObject({ sub: owner.sub, token_use: 'id' })
    await expect(verifyIdToken(owner.accessToken)).rejects.toMatchObject({ code: 'auth.unauthorized' })
  })

  it("acts for the key's own organization only: another organization's topics are never listed", async () => {
    const other = await newUser()
    const otherOrg = await orgOf(other)
    await setSubscription(otherOrg, 'TEAM_PLUS_YEARLY', 'active')
    const theirs = await other.api.post(`/api/topics?organizationId=${otherOrg}`, { name: 'Theirs' })
    expect(theirs.status).toBe(201)
    const answer = await withAuthorization(`Bearer ${key}`, V1_TOPICS)
    expect(answer.body.items.map((item: { name: string }) => item.name)).toEqual(['Readers'])
    const named = await withAuthorization(`Bearer ${key}`, `/api/v1/topics/${theirs.body.id}`)
    expect(named.status).toBe(404)
    expect(named.body.error.code).toBe('topic.not_found')
  })

  it('refuses a revoked key, a wrong secret, a malformed header and an ID token (401), a key without the scope (403)', async () => {
    const revoked = await keyFor(owner, orgId, ['topics:read'])
    const context = await organizationContext(actorOf(owner), orgId, 'organization.read')
    await ApiKeys.revokeApiKey(context, revoked.apiKey.keyId)
    // contacts:read stands for audience.read too, but the route asks for topics:read.
    const unscoped = await keyFor(owner, orgId, ['contacts:read'])
    const cases: [string, number, string][] = [
      [`Bearer ${revoked.key}`, 401, 'auth.unauthorized'],
      [`Bearer ${key.slice(0, -4)}AAAA`, 401, 'auth.unauthorized'],
      ['Bearer not-a-credential', 401, 'auth.unauthorized'],
      [`Basic ${Buffer.from('a:b').toString('base64')}`, 401, 'auth.unauthorized'],
      ['Bearer', 401, 'auth.unauthorized'],
      [`Bearer ${owner.idToken}`, 401, 'auth.unauthorized'],
      [`Bearer ${unscoped.key}`, 403, 'permission.denied'],
    ]
    for (const [authorization, status, code] of cases) {
      const answer = await withAuthorization(authorization, V1_TOPICS)
      expect({ status: answer.status, code: answer.body?.error?.code }, authorization.slice(0, 20)).toEqual({
        status,
        code,
      })
      expect(typeof answer.body.error.message).toBe('string')
    }
  })

  it('is refused with an API key on the dashboard API (401, at the JWT authorizer)', async () => {
    for (const path of ['/api/account', dashboardTopics(orgId)]) {
      const answer = await withAuthorization(`Bearer ${key}`, path)
      expect(answer.status, path).toBe(401)
      expect(answer.body.error.code).toBe('auth.unauthorized')
    }
  })
})
