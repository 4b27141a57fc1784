import { describe, expect, it } from 'vitest'
import { apiUrl, queryString } from './api-client'

describe('apiUrl', () => {
  const origin = 'https://studio.example.com'

  it('calls this site when the base is empty or a slash', () => {
    expect(apiUrl('', '/api/account', origin)).toBe('https://studio.example.com/api/account')
    expect(apiUrl('/', '/api/account', origin)).toBe('https://studio.example.com/api/account')
  })

  it('calls another origin without doubling a path prefix', () => {
    expect(apiUrl('http://localhost:4010', '/api/account', origin)).toBe('http://localhost:4010/api/account')
    expect(apiUrl('https://api.example.com/api', '/api/account', origin)).toBe(
      'https://api.example.com/api/account',
    )
  })
})

describe('queryString', () => {
  it('encodes the defined values and skips the rest', () => {
    expect(queryString({ organizationId: '01J', cursor: undefined })).toBe('?organizationId=01J')
    expect(queryString({ from: '2025-01-01', to: '2025-01-31', cursor: 'a b&c' })).toBe(
      '?from=2025-01-01&to=2025-01-31&cursor=a+b%26c',
    )
    expect(queryString({})).toBe('')
    expect(queryString(undefined)).toBe('')
  })
})
