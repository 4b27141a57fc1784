import { beforeAll, describe, expect, it } from 'vitest'
import { httpEvent, useUnitEnvironment } from './handler-testing'

let callerAuthenticators: typeof import('./api-callers').callerAuthenticators

beforeAll(async () => {
  useUnitEnvironment()
  ;({ callerAuthenticators } = await import('./api-callers'))
})

const idToken = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl'
const apiKey = 'ssk_live_01HZX3J0C8M6Q1W2E3R4T5Y6U7_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0'

describe('callerAuthenticators: keys only on the public API, the sign-in only on the dashboard', () => {
  it('refuses a dashboard sign-in (an ID token, or JWT authorizer claims) on an API-key route, saying so (401)', async () => {
    for (const event of [
      httpEvent('GET /api/v1/probe', { headers: { authorization: `Bearer ${idToken}` } }),
      httpEvent('GET /api/v1/probe', { claims: { sub: 'ada' } }),
    ])
      await expect(callerAuthenticators.apiKey(event)).rejects.toMatchObject({
        code: 'auth.unauthorized',
        status: 401,
        message: expect.stringContaining('takes API keys, not a dashboard sign-in'),
      })
  })

  it('refuses an API key on a user route (401), and asks for a key when none is presented', async () => {
    const keyed = httpEvent('GET /api/probe', { headers: { authorization: `Bearer ${apiKey}` } })
    await expect(callerAuthenticators.user(keyed)).rejects.toMatchObject({
      code: 'auth.unauthorized',
      message: 'This call does not take API keys: sign in to continue.',
    })
    await expect(callerAuthenticators.apiKey(httpEvent('GET /api/v1/probe'))).rejects.toMatchObject({
      code: 'auth.unauthorized',
      message: 'This call takes an API key (Authorization: Bearer ssk_live_…).',
    })
  })
})
