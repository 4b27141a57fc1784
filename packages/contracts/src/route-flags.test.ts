import { describe, expect, it } from 'vitest'
import { API_SCOPES } from './api-keys/scopes'
import { statusForError } from './errors'
import { buildOpenApiDocument, errorResponses } from './openapi'
import {
  callerKinds,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  ROUTE_LIST,
  type RouteEntry,
  routeErrors,
} from './routes'

type Operation = {
  parameters: { name: string; in: string; required: boolean; schema: { pattern?: string } }[]
  responses: Record<string, { 'x-error-codes'?: string[]; headers?: Record<string, unknown> }>
}
const document = buildOpenApiDocument() as { paths: Record<string, Record<string, Operation>> }
const operationOf = (route: RouteEntry) =>
  document.paths[route.path]?.[route.method.toLowerCase()] as Operation

const probe = {
  id: 'getOpenApi',
  method: 'POST',
  path: '/api/probe',
  group: 'docs',
  summary: 'probe',
  auth: 'user',
  status: 201,
} as RouteEntry

describe('route flags: rateLimit', () => {
  it('adds 429 rate.limited, documented with Retry-After', () => {
    const limited = { ...probe, rateLimit: { per: 'caller', limit: 5, windowSeconds: 60 } } as RouteEntry
    expect(routeErrors(limited)).toContain('rate.limited')
    expect(routeErrors(probe)).not.toContain('rate.limited')
    const responses = errorResponses(limited) as Operation['responses']
    expect(responses[429]?.['x-error-codes']).toContain('rate.limited')
    expect(responses[429]?.headers).toHaveProperty('Retry-After')
  })

  it('is declared only where the pipeline can count its subject, with a positive limit and window', () => {
    for (const route of ROUTE_LIST.filter((entry) => entry.rateLimit)) {
      const { per, limit, windowSeconds } = route.rateLimit as NonNullable<RouteEntry['rateLimit']>
      expect(Number.isInteger(limit) && limit >= 1, route.id).toBe(true)
      expect(windowSeconds, route.id).toBeGreaterThan(0)
      if (per === 'caller') expect(callerKinds(route).length, route.id).toBeGreaterThan(0)
      if (per === 'organization') expect(route.permission, route.id).toBeDefined()
      expect(operationOf(route).responses[429]?.headers, route.id).toHaveProperty('Retry-After')
    }
  })
})

describe('route flags: idempotent', () => {
  it('adds 409 idempotency.in_progress and 422 idempotency.key_reused', () => {
    const idempotent = { ...probe, idempotent: true } as RouteEntry
    expect(routeErrors(idempotent)).toEqual(
      expect.arrayContaining(['idempotency.in_progress', 'idempotency.key_reused']),
    )
    expect(statusForError('idempotency.in_progress')).toBe(409)
    expect(statusForError('idempotency.key_reused')).toBe(422)
    expect(routeErrors(probe)).not.toContain('idempotency.in_progress')
  })

  it('is on every public API POST', () => {
    const publicPosts = ROUTE_LIST.filter(
      (route) => route.path.startsWith('/api/v1/') && route.method === 'POST',
    )
    expect(publicPosts.length).toBeGreaterThan(0)
    for (const route of publicPosts) expect(route.idempotent, route.id).toBe(true)
  })

  it('is on the dashboard routes whose repeat would do something twice: creating a campaign or contact, starting an import, test sends', () => {
    const dashboard = ROUTE_LIST.filter((route) => !route.path.startsWith('/api/v1/'))
    expect(dashboard.filter((route) => route.idempotent).map((route) => route.id)).toEqual([
      'sendTemplateTest',
      'createContact',
      'startContactImport',
      'createCampaign',
      'sendCampaignTest',
    ])
  })

  it('is declared only on POST routes with a caller, each documenting the header and its answers', () => {
    for (const route of ROUTE_LIST.filter((entry) => entry.idempotent)) {
      expect(route.method, route.id).toBe('POST')
      expect(callerKinds(route).length, route.id).toBeGreaterThan(0)
      const operation = operationOf(route)
      const header = operation.parameters.find((parameter) => parameter.in === 'header')
      expect(header, route.id).toMatchObject({ name: IDEMPOTENCY_KEY_HEADER, required: false })
      expect(header?.schema.pattern).toBe(IDEMPOTENCY_KEY_PATTERN.source)
      expect(operation.responses[409]?.['x-error-codes'], route.id).toContain('idempotency.in_progress')
      expect(operation.responses[422]?.['x-error-codes'], route.id).toContain('idempotency.key_reused')
      expect(operation.responses[route.status]?.headers, route.id).toHaveProperty(IDEMPOTENT_REPLAYED_HEADER)
    }
    for (const route of ROUTE_LIST.filter((entry) => !entry.idempotent))
      expect(
        operationOf(route).parameters.some((parameter) => parameter.in === 'header'),
        route.id,
      ).toBe(false)
  })

  it('takes 1 to 255 printable ASCII characters as a key', () => {
    for (const good of [
      'a',
      '01JT0P1C000000000000000000',
      'c0ffee00-1234-4abc-8def-000000000000',
      '~'.repeat(255),
    ])
      expect(IDEMPOTENCY_KEY_PATTERN.test(good), good).toBe(true)
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'line\n', 'é', '\u0000'])
      expect(IDEMPOTENCY_KEY_PATTERN.test(bad), JSON.stringify(bad)).toBe(false)
  })
})

describe('route flags: scope', () => {
  it('is named by every route that takes API keys, and only by them', () => {
    for (const route of ROUTE_LIST) {
      const takesKeys = callerKinds(route).includes('apiKey')
      expect(Boolean(route.scope), `${route.id}: a route taking API keys names its scope`).toBe(takesKeys)
    }
  })

  it("stands for the route's permission: the scope's permission is the route's", () => {
    for (const route of ROUTE_LIST.filter((entry) => entry.scope))
      expect(route.scope && API_SCOPES[route.scope], route.id).toBe(route.permission)
  })
})
