import { describe, expect, it } from 'vitest'
import { apiUrl } from './api-client'

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
