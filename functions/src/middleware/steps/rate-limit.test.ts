import { PUBLIC_API_RATE_LIMIT } from '@app/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { httpEvent, useUnitEnvironment } from '../handler-testing'
import { callFor, probeRoute, runBefore } from '../step-testing'
import { rateBucket, rateLimit, rateRule, rateSubject } from './rate-limit'

let addCallHeaders: typeof import('./map-errors').addCallHeaders

beforeAll(async () => {
  useUnitEnvironment()
  ;({ addCallHeaders } = await import('./map-errors'))
})

const user = {
  kind: 'user',
  accountId: 'acc-1',
  username: 'ada',
  email: 'ada@example.com',
  emailVerified: true,
  groups: [],
} as const

describe('rate-limit step', () => {
  it('counts per caller, per organization or per address', () => {
    const event = httpEvent('GET /api/probe')
    event.requestContext.http.sourceIp = '203.0.113.9'
    const { call } = callFor(probeRoute(), event, {
      actor: user,
      context: { organizationId: 'org-1' } as never,
    })
    expect(rateSubject('caller', call, event)).toBe('caller:user:acc-1')
    expect(rateSubject('organization', call, event)).toBe('organization:org-1')
    expect(rateSubject('ip', call, event)).toBe('ip:203.0.113.9')
    const unknown = httpEvent('GET /api/probe')
    expect(rateSubject('ip', callFor(probeRoute(), unknown).call, unknown)).toBe('ip:unknown')
  })

  it('refuses a route whose subject the call lacks, as a bug', () => {
    const event = httpEvent('GET /api/probe')
    const { call } = callFor(probeRoute(), event)
    expect(() => rateSubject('caller', call, event)).toThrow(/per caller but has none/)
    expect(() => rateSubject('organization', call, event)).toThrow(/per organization but acts for none/)
  })

  it('does nothing for a route without a limit (no store touched)', async () => {
    const { request } = callFor(probeRoute(), httpEvent('GET /api/probe'))
    await expect(runBefore(rateLimit(), request)).resolves.toBeUndefined()
  })

  it("counts an API key on a keyLimit route under the key's own limit a minute, everyone else under the route's", () => {
    const key = {
      kind: 'apiKey',
      organizationId: 'org-1',
      keyId: 'k1',
      scopes: [],
      rateLimitPerMinute: 25,
    } as const
    const route = probeRoute({ rateLimit: { ...PUBLIC_API_RATE_LIMIT, windowSeconds: 30 } })
    const event = httpEvent('GET /api/v1/probe')
    expect(rateRule(route.rateLimit as never, callFor(route, event, { actor: key }).call)).toEqual({
      limit: 25,
      windowSeconds: 60,
    })
    expect(rateRule(route.rateLimit as never, callFor(route, event, { actor: user }).call)).toEqual({
      limit: 600,
      windowSeconds: 30,
    })
    const plain = { per: 'caller', limit: 5, windowSeconds: 10 } as const
    expect(rateRule(plain, callFor(route, event, { actor: key }).call)).toEqual({
      limit: 5,
      windowSeconds: 10,
    })
  })

  it('counts the routes sharing a window together, every other route in its own', () => {
    const { call } = callFor(probeRoute(), httpEvent('GET /api/probe'))
    expect(rateBucket(PUBLIC_API_RATE_LIMIT, call)).toBe('shared:public-api')
    expect(rateBucket({ per: 'ip', limit: 1, windowSeconds: 1 }, call)).toBe('route:getOpenApi')
  })

  it("puts the call's headers on whatever answered it, errors and early answers included", () => {
    const { request } = callFor(probeRoute(), httpEvent('GET /api/probe'), {
      headers: { 'RateLimit-Limit': '5', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '12' },
    })
    request.response = { statusCode: 429, headers: { 'retry-after': '12' }, body: '{}' }
    const answer = request.response
    addCallHeaders(request)
    expect(answer.headers).toEqual({
      'retry-after': '12',
      'RateLimit-Limit': '5',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '12',
    })
  })
})
