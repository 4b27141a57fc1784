import { afterEach, describe, expect, it } from 'vitest'
import { systemActor, type UserActor } from '../actor'
import { isOperator, requireOperator } from './operators'

const actor = (overrides: Partial<UserActor> = {}): UserActor => ({
  kind: 'user',
  accountId: '7d7f0a52-8c1e-4c1a-9a51-1d2b3c4d5e6f',
  username: 'ada',
  email: 'ada@example.com',
  emailVerified: true,
  groups: [],
  ...overrides,
})

afterEach(() => {
  delete process.env.ADMIN_EMAILS
})

describe('operators', () => {
  it('are members of the admins group', () => {
    expect(isOperator(actor({ groups: ['admins'] }))).toBe(true)
    expect(isOperator(actor({ groups: ['editors'] }))).toBe(false)
  })

  it('or have a verified email on the allow-list', () => {
    process.env.ADMIN_EMAILS = ' Ops@Example.com , ada@example.com'
    expect(isOperator(actor())).toBe(true)
    expect(isOperator(actor({ emailVerified: false }))).toBe(false)
    expect(isOperator(actor({ email: 'eve@example.com' }))).toBe(false)
  })

  it('nobody else', () => {
    expect(isOperator(actor())).toBe(false)
    expect(() => requireOperator(actor())).toThrow(/operators/)
  })

  it('never the system or an API key', () => {
    process.env.ADMIN_EMAILS = 'ada@example.com'
    expect(isOperator(systemActor('purge'))).toBe(false)
    expect(
      isOperator({ kind: 'apiKey', organizationId: 'o', keyId: 'k', scopes: [], rateLimitPerMinute: 600 }),
    ).toBe(false)
  })
})
