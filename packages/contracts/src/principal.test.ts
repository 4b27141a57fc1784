import { describe, expect, it } from 'vitest'
import { principalName } from './principal'

describe('principalName', () => {
  it('names every kind of principal the way the app shows who made a change', () => {
    expect(principalName({ type: 'user', accountId: 'a', email: 'ada@example.com' })).toBe('ada@example.com')
    expect(principalName({ type: 'apiKey', keyId: 'key-1' })).toBe('API key key-1')
    expect(principalName({ type: 'system', name: 'scheduler' })).toBe('System')
    expect(principalName({ type: 'token', proof: 'unsubscribe', subject: 'contact-1' })).toBe('The recipient')
  })
})
