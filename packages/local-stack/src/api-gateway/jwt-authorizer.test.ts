import { describe, expect, it } from 'vitest'
import { claimStrings } from './jwt-authorizer'

describe('claimStrings', () => {
  it('passes every claim as a string, as API Gateway does', () => {
    expect(
      claimStrings({
        sub: 'u',
        exp: 1700000000,
        email_verified: false,
        'cognito:groups': ['admins', 'users'],
        address: { country: 'FR' },
      }),
    ).toEqual({
      sub: 'u',
      exp: '1700000000',
      email_verified: 'false',
      'cognito:groups': '[admins users]',
      address: '{"country":"FR"}',
    })
  })
})
