import type { ApiKeyActor, UserActor } from '@app/core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Authenticators } from '../actor'
import { httpEvent, useUnitEnvironment } from '../handler-testing'
import { callFor, probeRoute, runBefore } from '../step-testing'

// The default authenticators verify ID tokens with the deployment's pool: loaded once the environment is set.
let defaultAuthenticators: Authenticators
let authenticate: typeof import('./authenticate').authenticate
let callerKindFor: typeof import('./authenticate').callerKindFor
let namesItsOrganization: typeof import('./authenticate').namesItsOrganization

beforeAll(async () => {
  useUnitEnvironment()
  ;({ defaultAuthenticators } = await import('../actor'))
  ;({ authenticate, callerKindFor, namesItsOrganization } = await import('./authenticate'))
})

const user: UserActor = {
  kind: 'user',
  accountId: '7d7f0a52-8c1e-4c1a-9a51-1d2b3c4d5e6f',
  username: 'ada',
  email: 'ada@example.com',
  emailVerified: true,
  groups: [],
}
const key: ApiKeyActor = {
  kind: 'apiKey',
  organizationId: 'org',
  keyId: 'key-1',
  scopes: ['topics:read'],
  rateLimitPerMinute: 600,
}
const authenticators: Authenticators = { user: async () => user, apiKey: async () => key }

async function authenticated(
  route = probeRoute(),
  using: Authenticators = authenticators,
  headers?: Record<string, string>,
) {
  const { request, call } = callFor(route, httpEvent('GET /api/probe', headers ? { headers } : {}))
  await runBefore(authenticate(using), request)
  return call
}

describe('authenticate step', () => {
  it('gives user routes the signed-in user and API-key routes their key; others no caller', async () => {
    // allowSuspended: no account read (that needs the table).
    expect((await authenticated(probeRoute({ auth: 'user', allowSuspended: true }))).actor).toBe(user)
    expect((await authenticated(probeRoute({ auth: 'apiKey' }))).actor).toBe(key)
    expect((await authenticated(probeRoute({ auth: 'token', proof: 'sns' }))).actor).toBeUndefined()
    expect((await authenticated(probeRoute({ auth: 'none' }))).actor).toBeUndefined()
  })

  it("refuses a key lacking the route's scope with 403 naming it, even when another scope has its permission", async () => {
    expect((await authenticated(probeRoute({ auth: 'apiKey', scope: 'topics:read' }))).actor).toBe(key)
    await expect(authenticated(probeRoute({ auth: 'apiKey', scope: 'contacts:read' }))).rejects.toMatchObject(
      {
        code: 'permission.denied',
        status: 403,
        message: expect.stringContaining('contacts:read'),
      },
    )
  })

  it('refuses without valid claims (401), API keys until an authenticator exists, non-operators on admin routes', async () => {
    await expect(
      authenticated(probeRoute({ auth: 'user', allowSuspended: true }), defaultAuthenticators),
    ).rejects.toMatchObject({ code: 'auth.unauthorized', status: 401 })
    await expect(authenticated(probeRoute({ auth: 'apiKey' }), defaultAuthenticators)).rejects.toMatchObject({
      code: 'auth.unauthorized',
    })
    await expect(
      authenticated(probeRoute({ auth: 'user', allowSuspended: true, admin: true })),
    ).rejects.toMatchObject({ code: 'permission.denied', status: 403 })
  })

  it('leaves the active-account check to the organization step when the call names its organization', async () => {
    const organization = { in: 'query', key: 'organizationId' } as const
    const naming = probeRoute({ auth: 'user', permission: 'organization.read', organization })
    expect(namesItsOrganization(naming)).toBe(true)
    expect(namesItsOrganization({ ...naming, organization: { ...organization, orSelected: true } })).toBe(
      false,
    )
    expect(
      namesItsOrganization({ ...naming, organization: { in: 'params', key: 'id', owner: 'template' } }),
    ).toBe(false)
    // No account read here: the organization step reads it with the membership.
    const call = await authenticated(naming)
    expect(call).toMatchObject({ actor: user, accountWithContext: true })
    expect(call.account).toBeUndefined()
  })

  describe('on a route taking users and API keys', () => {
    const dual = probeRoute({ auth: ['user', 'apiKey'], allowSuspended: true })
    const idToken = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'
    const apiKey = `ssk_live_01JD3Z0V3Q7W9X2Y4A6B8C0D1E_${'a'.repeat(43)}`
    const kindOf = (authorization: string | undefined, route = dual) =>
      callerKindFor(route, httpEvent('GET /api/probe', authorization ? { headers: { authorization } } : {}))

    it('tells the caller from the credential: an ID token (with or without Bearer) or an API key', () => {
      expect(kindOf(`Bearer ${idToken}`)).toBe('user')
      expect(kindOf(idToken)).toBe('user')
      expect(kindOf(`bearer ${apiKey}`)).toBe('apiKey')
      expect(kindOf('Bearer ssk_live_short')).toBe('apiKey') // refused by the key's own check
    })

    it('takes the claims of the JWT authorizer as a user', () => {
      const event = httpEvent('GET /api/probe', { claims: { sub: 'x' } })
      expect(callerKindFor(dual, event)).toBe('user')
    })

    it('refuses no credential, a malformed one and a kind the route does not take (401)', () => {
      for (const authorization of [undefined, 'Basic YTpi', 'Bearer', 'Bearer a b', 'Bearer not-a-jwt']) {
        expect(() => kindOf(authorization), String(authorization)).toThrow(
          expect.objectContaining({ code: 'auth.unauthorized', status: 401 }),
        )
      }
      expect(() => kindOf(apiKey, probeRoute({ auth: ['user'] }))).toThrow(/does not take API keys/)
    })

    it('hands the call to the authenticator of that kind', async () => {
      expect((await authenticated(dual, authenticators, { authorization: `Bearer ${apiKey}` })).actor).toBe(
        key,
      )
      expect((await authenticated(dual, authenticators, { authorization: idToken })).actor).toBe(user)
      await expect(authenticated(dual, authenticators)).rejects.toMatchObject({ code: 'auth.unauthorized' })
    })

    it('refuses an API key on a user-only route by the default authenticator (401)', async () => {
      await expect(
        authenticated(probeRoute({ auth: 'user', allowSuspended: true }), defaultAuthenticators, {
          authorization: `Bearer ${apiKey}`,
        }),
      ).rejects.toMatchObject({ code: 'auth.unauthorized', message: expect.stringMatching(/API keys/) })
    })
  })
})
