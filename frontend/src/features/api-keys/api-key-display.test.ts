import { describe, expect, it } from 'vitest'
import { dateTimeText, prefixText, rateLimitProblem, sortedScopes } from './api-key-display'

describe('API key display', () => {
  it('shows the prefix with the key id, never more', () => {
    expect(prefixText({ keyId: '01JT0P1C000000000000000000' })).toBe('ssk_live_01JT0P1C000000000000000000…')
  })

  it('orders scopes as the form lists them', () => {
    expect(sortedScopes(['topics:read', 'contacts:read'], ['contacts:read', 'topics:read'])).toEqual([
      'contacts:read',
      'topics:read',
    ])
  })

  it('accepts whole rate limits within the bounds only', () => {
    expect(rateLimitProblem('600', 10, 6000)).toBeUndefined()
    for (const bad of ['9', '6001', '1.5', '', 'abc', '-10'])
      expect(rateLimitProblem(bad, 10, 6000), bad).toContain('10 to 6,000')
  })

  it('writes dates in the given zone', () => {
    expect(dateTimeText('2026-03-05T16:05:00.000Z', 'en-US', 'UTC')).toBe('Mar 5, 2026, 4:05 PM')
  })
})
