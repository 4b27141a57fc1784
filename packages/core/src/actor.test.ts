import { describe, expect, it } from 'vitest'
import { type Actor, principalOf, requireUser, systemActor, type UserActor } from './actor'
import { allows } from './organizations/context'

const user: UserActor = {
  kind: 'user',
  accountId: '7d7f0a52-8c1e-4c1a-9a51-1d2b3c4d5e6f',
  username: 'ada',
  email: 'ada@example.com',
  emailVerified: true,
  groups: [],
}
const apiKey: Actor = {
  kind: 'apiKey',
  organizationId: '01JAAAAAAAAAAAAAAAAAAAAAAA',
  keyId: 'key-1',
  scopes: ['topics:read'],
  rateLimitPerMinute: 600,
}
const token: Actor = { kind: 'token', proof: 'unsubscribe', subject: 'contact-1' }

describe('the actor union', () => {
  it('narrows to a signed-in user, refusing others clearly (401 without sign-in, 403 for keys and the system)', () => {
    expect(requireUser(user)).toBe(user)
    expect(() => requireUser(token)).toThrow(
      expect.objectContaining({ code: 'auth.unauthorized', status: 401 }),
    )
    for (const other of [apiKey, systemActor('purge')])
      expect(() => requireUser(other)).toThrow(
        expect.objectContaining({ code: 'permission.denied', status: 403 }),
      )
  })

  it('records any caller as a principal: a user with their email, a key by id, the system by name', () => {
    expect(principalOf(user)).toEqual({ type: 'user', accountId: user.accountId, email: user.email })
    expect(principalOf(apiKey)).toEqual({ type: 'apiKey', keyId: 'key-1' })
    expect(principalOf(systemActor('purge'))).toEqual({ type: 'system', name: 'purge' })
  })

  it('allows by role for users, by scope for API keys, always for the system, never for tokens', () => {
    expect(allows({ actor: user, role: 'MEMBER' }, 'content.write')).toBe(true)
    expect(allows({ actor: user, role: 'MEMBER' }, 'organization.delete')).toBe(false)
    expect(allows({ actor: user, role: null }, 'organization.read')).toBe(false)
    // A key holds the permissions its scopes stand for (topics:read → audience.read), nothing else.
    expect(allows({ actor: apiKey, role: null }, 'audience.read')).toBe(true)
    expect(allows({ actor: apiKey, role: null }, 'organization.read')).toBe(false)
    expect(allows({ actor: apiKey, role: null }, 'content.write')).toBe(false)
    expect(allows({ actor: systemActor('jobs'), role: null }, 'organization.delete')).toBe(true)
    expect(allows({ actor: token, role: null }, 'organization.read')).toBe(false)
  })
})
