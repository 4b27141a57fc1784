import { PUBLIC_API_RATE_LIMIT, type RouteEntry, routes } from '@app/contracts'
import type { ApiKeyActor } from '@app/core'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import { endpointGroup } from '../src/middleware/endpoint-group'
import { httpEvent, lambdaContext, type TestHandler } from '../src/middleware/handler-testing'
import { rateLimit } from '../src/middleware/steps/rate-limit'
import './stack'

const route = (id: string, fields: Partial<RouteEntry>) =>
  ({
    id,
    method: 'GET',
    path: `/api/v1/${id}`,
    group: 'docs',
    summary: id,
    auth: 'apiKey',
    status: 200,
    ...fields,
  }) as unknown as RouteEntry

/** Two public-API routes sharing the per-key window, and a route limited on its own (2 a minute per caller). */
const first = route('getOpenApi', { rateLimit: PUBLIC_API_RATE_LIMIT })
const second = route('getHealth', { rateLimit: PUBLIC_API_RATE_LIMIT })
const own = route('getOwn', { rateLimit: { per: 'caller', limit: 2, windowSeconds: 60 } })

function group(keys: Map<string, ApiKeyActor>): TestHandler {
  const answer = async () => ({ ok: true })
  return endpointGroup('docs', routes, { getOpenApi: answer, getHealth: answer, getOwn: answer } as never, {
    routes: [first, second, own],
    rateLimit,
    authenticators: {
      apiKey: async (event) => {
        const key = keys.get(event.headers.authorization?.replace('Bearer ', '') ?? '')
        if (!key) throw new Error('the test key was not presented')
        return key
      },
    },
  }) as TestHandler
}

const newKey = (rateLimitPerMinute: number): ApiKeyActor => ({
  kind: 'apiKey',
  organizationId: ulid(),
  keyId: ulid(),
  scopes: [],
  rateLimitPerMinute,
})

async function call(handler: TestHandler, target: RouteEntry, key: ApiKeyActor) {
  const event = httpEvent(`GET ${target.path}`, { headers: { authorization: `Bearer ${key.keyId}` } })
  const response = (await handler(event, lambdaContext)) as {
    statusCode: number
    headers: Record<string, string>
    body: string
  }
  return { status: response.statusCode, headers: response.headers, body: JSON.parse(response.body) }
}

const rateHeaders = (headers: Record<string, string>) => ({
  limit: headers['RateLimit-Limit'],
  remaining: headers['RateLimit-Remaining'],
  reset: Number(headers['RateLimit-Reset']),
})

describe('rate limits with RateLimit-* headers (the real limiter, DynamoDB Local)', () => {
  it("counts a key's calls of every public-API route in one window of the key's own limit, then 429 with Retry-After", async () => {
    const small = newKey(2)
    const other = newKey(2)
    const handler = group(new Map([small, other].map((key) => [key.keyId, key])))

    const one = await call(handler, first, small)
    expect(one.status).toBe(200)
    expect(rateHeaders(one.headers)).toMatchObject({ limit: '2', remaining: '1' })
    expect(rateHeaders(one.headers).reset).toBeGreaterThan(55)
    expect(rateHeaders(one.headers).reset).toBeLessThanOrEqual(60)

    const two = await call(handler, second, small)
    expect([two.status, rateHeaders(two.headers).remaining]).toEqual([200, '0'])

    const refused = await call(handler, first, small)
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('rate.limited')
    expect(refused.body.error.message).toContain('at most 2 every 60 seconds')
    expect(rateHeaders(refused.headers)).toMatchObject({ limit: '2', remaining: '0' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(Number(refused.headers['retry-after'])).toBe(rateHeaders(refused.headers).reset)

    // Another key has its own window.
    const elsewhere = await call(handler, second, other)
    expect([elsewhere.status, rateHeaders(elsewhere.headers).remaining]).toEqual([200, '1'])
  })

  it("a key's larger limit is its own; a route limited on its own counts apart from the shared window", async () => {
    const big = newKey(1000)
    const handler = group(new Map([[big.keyId, big]]))
    const shared = await call(handler, first, big)
    expect(rateHeaders(shared.headers)).toMatchObject({ limit: '1000', remaining: '999' })
    const apart = await call(handler, own, big)
    expect(rateHeaders(apart.headers)).toMatchObject({ limit: '2', remaining: '1' })
  })
})
