import { describe, expect, it } from 'vitest'
import { hashHasToken, tokenFromHash } from './auth-links'

const token = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ_-01234'

describe('tokenFromHash', () => {
  it('reads a 43-character token from the fragment', () => {
    expect(token).toHaveLength(43)
    expect(tokenFromHash(`#token=${token}`)).toBe(token)
    expect(tokenFromHash(`token=${token}&x=1`)).toBe(token)
  })

  it('rejects missing or malformed tokens', () => {
    expect(tokenFromHash('')).toBeUndefined()
    expect(tokenFromHash('#token=short')).toBeUndefined()
    expect(tokenFromHash(`#token=${token}x`)).toBeUndefined()
    expect(tokenFromHash(`#token=${token.slice(0, 42)}!`)).toBeUndefined()
  })

  it('tells a link with a broken token from a page without one', () => {
    expect(hashHasToken('#token=broken')).toBe(true)
    expect(hashHasToken('')).toBe(false)
  })
})
