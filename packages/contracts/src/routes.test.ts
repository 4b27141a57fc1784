import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { buildOpenApiDocument } from './openapi'
import { buildPath, ENDPOINT_GROUPS, MONITORING_TUNNEL_PATH, ROUTE_LIST, routeKey, routes } from './routes'

describe('route table', () => {
  it('has one route per method and path', () => {
    const keys = ROUTE_LIST.map(routeKey)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('declares a params schema exactly for the placeholders of each path', () => {
    for (const route of ROUTE_LIST) {
      const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
      const declared = route.params ? Object.keys((route.params as z.ZodObject).shape).sort() : []
      expect(declared, route.id).toEqual(placeholders)
    }
  })

  it('keeps every route under /api (but the monitoring tunnel) and in a known group', () => {
    for (const route of ROUTE_LIST) {
      expect(route.path.startsWith('/api/') || route.path === MONITORING_TUNNEL_PATH, route.id).toBe(true)
      expect(ENDPOINT_GROUPS).toContain(route.group)
    }
  })

  it('gives raw-body routes content types and no JSON body schema', () => {
    for (const route of ROUTE_LIST.filter((entry) => entry.rawBody)) {
      expect(route.body).toBeUndefined()
      expect(route.rawBody?.contentTypes.length).toBeGreaterThan(0)
    }
    expect(routes.forwardMonitoringEnvelope).toMatchObject({ path: '/monitoring', public: true })
  })

  it('lets the gating middleware find the organization of every plan-gated route', () => {
    for (const route of ROUTE_LIST.filter((entry) => entry.feature)) {
      const keys = [route.query, route.body].flatMap((schema) =>
        schema && 'shape' in schema ? Object.keys((schema as z.ZodObject).shape) : [],
      )
      expect(keys, `${route.id} must take organizationId in its query or body`).toContain('organizationId')
      expect(route.public, route.id).toBe(false)
    }
  })

  it('marks every /api/admin route as operators-only and signed-in', () => {
    const adminRoutes = ROUTE_LIST.filter((entry) => entry.path.startsWith('/api/admin/'))
    expect(adminRoutes.length).toBeGreaterThan(0)
    for (const route of adminRoutes) {
      expect(route, route.id).toMatchObject({ admin: true, public: false, group: 'admin' })
    }
    for (const route of ROUTE_LIST.filter((entry) => entry.admin))
      expect(route.path).toMatch(/^\/api\/admin\//)
  })

  it('gives file routes no JSON response schema', () => {
    for (const route of ROUTE_LIST.filter((entry) => entry.produces)) {
      expect(route.response, route.id).toBeUndefined()
      expect(route.status, route.id).toBe(200)
    }
  })

  it('fills and encodes path parameters', () => {
    expect(buildPath('/api/organizations/{id}', { id: 'a/b' })).toBe('/api/organizations/a%2Fb')
    expect(() => buildPath('/api/organizations/{id}')).toThrow(/Missing path parameter id/)
  })
})

describe('OpenAPI document', () => {
  it('describes every route with its security and body', () => {
    const document = buildOpenApiDocument() as {
      paths: Record<string, Record<string, Record<string, unknown>>>
    }
    for (const route of ROUTE_LIST) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()]
      expect(operation?.operationId).toBe(route.id)
      expect(operation?.security).toEqual(route.public ? [] : [{ cognito: [] }])
      expect(Boolean(operation?.requestBody)).toBe(Boolean(route.body ?? route.rawBody))
    }
  })
})
