import { describe, expect, it } from 'vitest'
import { gatewayRoutes, isGreedyRouteKey, isKeyOnlyGroup, pathPrefix } from './gateway-routes'
import { createRouteMatcher } from './route-matcher'
import { allowedMethods } from './route-methods'
import { ENDPOINT_GROUPS, PUBLIC_API_RATE_LIMIT, ROUTE_LIST, type RouteDefinition, routeKey } from './routes'

type TableRoute = Pick<RouteDefinition, 'method' | 'path' | 'group' | 'auth'>

const table: TableRoute[] = [
  { method: 'GET', path: '/api/topics', group: 'topics', auth: 'user' },
  { method: 'GET', path: '/api/v1/contacts', group: 'contacts', auth: 'apiKey' },
  { method: 'POST', path: '/api/v1/contacts', group: 'contacts', auth: 'apiKey' },
  { method: 'GET', path: '/api/v1/contacts/{id}', group: 'contacts', auth: 'apiKey' },
  { method: 'PUT', path: '/api/v1/contacts/{id}/topics/{topicId}', group: 'contacts', auth: 'apiKey' },
  { method: 'POST', path: '/api/v1/contacts-batch/run', group: 'contacts', auth: 'apiKey' },
  { method: 'GET', path: '/api/v1/mixed', group: 'suppression', auth: 'apiKey' },
  { method: 'GET', path: '/api/mixed', group: 'suppression', auth: ['user', 'apiKey'] },
]

describe('gatewayRoutes', () => {
  it('collapses a prefix one group owns, fronted alike, into greedy routes; every other route stays itself', () => {
    expect(gatewayRoutes(table)).toEqual([
      { method: 'GET', path: '/api/topics', group: 'topics', auth: 'user' },
      { method: 'ANY', path: '/api/v1/contacts', group: 'contacts', auth: 'apiKey' },
      { method: 'ANY', path: '/api/v1/contacts/{proxy+}', group: 'contacts', auth: 'apiKey' },
      // One route under its prefix: a greedy route would save nothing.
      { method: 'POST', path: '/api/v1/contacts-batch/run', group: 'contacts', auth: 'apiKey' },
      { method: 'GET', path: '/api/v1/mixed', group: 'suppression', auth: 'apiKey' },
      { method: 'GET', path: '/api/mixed', group: 'suppression', auth: ['user', 'apiKey'] },
    ])
  })

  it('collapses signed-in routes behind the JWT authorizer, and never a prefix shared or fronted otherwise', () => {
    const dashboard: TableRoute[] = [
      { method: 'GET', path: '/api/templates', group: 'templates', auth: 'user' },
      { method: 'POST', path: '/api/templates', group: 'templates', auth: 'user' },
      { method: 'GET', path: '/api/templates/{id}', group: 'templates', auth: 'user' },
      { method: 'PATCH', path: '/api/templates/{id}', group: 'templates', auth: 'user' },
      { method: 'GET', path: '/api/campaigns/{id}', group: 'campaigns', auth: 'user' },
      { method: 'GET', path: '/api/campaigns/{id}/report', group: 'campaign-reports', auth: 'user' },
      { method: 'GET', path: '/api/account', group: 'account', auth: 'user' },
      { method: 'POST', path: '/api/account/verify', group: 'account', auth: 'token' },
    ]
    // A path's methods first (`ANY <path>`), then the paths below a prefix (`ANY <prefix>/{proxy+}`).
    expect(gatewayRoutes(dashboard)).toEqual([
      { method: 'ANY', path: '/api/templates', group: 'templates', auth: 'user' },
      { method: 'ANY', path: '/api/templates/{id}', group: 'templates', auth: 'user' },
      ...dashboard.slice(4),
    ])
    // Another group's route reaching a path below the prefix keeps the prefix's routes as they are.
    const shared = [
      ...dashboard.slice(0, 4),
      { method: 'GET', path: '/api/{kind}/{id}', group: 'blocks', auth: 'user' },
    ]
    expect(gatewayRoutes(shared as TableRoute[])).toEqual([
      { method: 'ANY', path: '/api/templates', group: 'templates', auth: 'user' },
      ...shared.slice(2),
    ])
  })

  it('takes a group as key-only only when every one of its routes takes API keys alone', () => {
    expect(isKeyOnlyGroup(table, 'contacts')).toBe(true)
    expect(isKeyOnlyGroup(table, 'suppression')).toBe(false)
    expect(isKeyOnlyGroup(table, 'topics')).toBe(false)
    expect(isKeyOnlyGroup(table, 'campaigns')).toBe(false)
  })

  it('reads a prefix from literal leading segments only', () => {
    expect(pathPrefix('/api/v1/topics/{id}')).toBe('/api/v1/topics')
    expect(pathPrefix('/api/templates/{id}/versions')).toBe('/api/templates')
    expect(pathPrefix('/api/v1')).toBeNull()
    expect(pathPrefix('/api/v1/{id}')).toBeNull()
    expect(pathPrefix('/monitoring')).toBeNull()
  })

  it('marks greedy route keys', () => {
    expect(isGreedyRouteKey('ANY /api/v1/contacts/{proxy+}')).toBe(true)
    expect(isGreedyRouteKey('GET /api/v1/contacts')).toBe(false)
  })
})

describe('the route table at API Gateway', () => {
  const gateway = gatewayRoutes(ROUTE_LIST)

  it('takes every request to its route’s group, and answers a wrong method as the whole table would', () => {
    const match = createRouteMatcher(gateway)
    const concrete = (path: string) => path.replace(/\{\w+\+?\}/g, '01ARZ3NDEKTSV4RRFFQ69G5FAV')
    for (const route of ROUTE_LIST) {
      const path = concrete(route.path)
      expect(match(route.method, path)?.route.group, routeKey(route)).toBe(route.group)
      // A greedy route taking another method here sends it to a group whose own routes give the table's Allow.
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const found = match(method, path)
        if (!found || found.route.method !== 'ANY') continue
        const own = ROUTE_LIST.filter((candidate) => candidate.group === found.route.group)
        expect(allowedMethods(own, path), `${method} ${route.path}`).toEqual(allowedMethods(ROUTE_LIST, path))
      }
    }
  })

  it('holds each route key once, and every group keeps at least one route', () => {
    const keys = gateway.map(routeKey)
    expect(new Set(keys).size).toBe(keys.length)
    for (const group of ENDPOINT_GROUPS)
      if (ROUTE_LIST.some((route) => route.group === group))
        expect(
          gateway.some((route) => route.group === group),
          group,
        ).toBe(true)
  })

  it("limits every key-only route per key, in the public API's one window (the key's own limit)", () => {
    for (const group of ENDPOINT_GROUPS)
      if (isKeyOnlyGroup(ROUTE_LIST, group))
        for (const route of ROUTE_LIST.filter((candidate) => candidate.group === group))
          expect(route.rateLimit, routeKey(route)).toEqual(PUBLIC_API_RATE_LIMIT)
  })

  it('keeps every key-only route under /api/v1', () => {
    for (const group of ENDPOINT_GROUPS)
      if (isKeyOnlyGroup(ROUTE_LIST, group))
        for (const route of ROUTE_LIST.filter((candidate) => candidate.group === group))
          expect(route.path.startsWith('/api/v1/'), routeKey(route)).toBe(true)
  })
})
