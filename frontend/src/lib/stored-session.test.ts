import { describe, expect, it } from 'vitest'
import { hasStoredSession } from './stored-session'

function storage(entries: Record<string, string>): Pick<Storage, 'length' | 'key' | 'getItem'> {
  const keys = Object.keys(entries)
  return {
    length: keys.length,
    key: (index) => keys[index] ?? null,
    getItem: (key) => entries[key] ?? null,
  }
}

describe('hasStoredSession', () => {
  it('sees the user Amplify keeps for a user-pool client', () => {
    expect(
      hasStoredSession(
        storage({
          'ses-studio:sidebar:templates': 'open',
          'CognitoIdentityServiceProvider.3abc9client.LastAuthUser': 'd1f2-user',
        }),
      ),
    ).toBe(true)
  })

  it('is false when signed out, with other keys only, or without storage', () => {
    expect(hasStoredSession(storage({}))).toBe(false)
    expect(hasStoredSession(storage({ 'CognitoIdentityServiceProvider.client.LastAuthUser': '' }))).toBe(
      false,
    )
    expect(hasStoredSession(storage({ 'CognitoIdentityServiceProvider.client.user.idToken': 'x' }))).toBe(
      false,
    )
    expect(hasStoredSession(undefined)).toBe(false)
  })

  it('is false when the browser refuses to read storage', () => {
    const blocked = {
      get length(): number {
        throw new Error('SecurityError')
      },
      key: () => null,
      getItem: () => null,
    }
    expect(hasStoredSession(blocked)).toBe(false)
  })
})
