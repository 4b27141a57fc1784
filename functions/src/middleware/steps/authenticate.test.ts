import type { ApiKeyActor, UserActor } from '@app/core'
import { describe, expect, it } from 'vitest'
import { type Authenticators, defaultAuthenticators } from '../actor'
import { httpEvent } from '../handler-testing'
import { callFor, probeRoute, runBefore } from '../step-testing'
import { authenticate, namesItsOrganization } from './authenticate'

const user: UserActor = {
  kind: 'user',
  accountId: '7d7f0a52-8c1e-4c1a-9a51-1d2b3c4d5e6f',
  username: 'ada',
  email: 'ada@example.com',
  emailVerified: true,
  groups: [],
}
const key: ApiKeyActor = { kind: 'apiKey', organizationId: 'org', keyId: 'key-1', scopes: [] }
const authenticators: Authenticators = { user: async () => user, apiKey: async () => key }

async function authenticated(route = probeRoute(), using = authenticators) {
  const { request, call } = callFor(route, httpEvent('GET /api/probe'))
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
})
