import { describe, expect, it } from 'vitest'
import { gatewayRoutes, isGreedyRouteKey, isKeyOnlyGroup, pathPrefix } from './gateway-routes'
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
  it('collapses a key-only group into a greedy route per prefix, keeping every other route as it is', () => {
    expect(gatewayRoutes(table)).toEqual([
      { method: 'GET', path: '/api/topics', group: 'topics', auth: 'user' },
      { method: 'ANY', path: '/api/v1/contacts', group: 'contacts', auth: 'apiKey' },
      { method: 'ANY', path: '/api/v1/contacts/{proxy+}', group: 'contacts', auth: 'apiKey' },
      { method: 'ANY', path: '/api/v1/contacts-batch/{proxy+}', group: 'contacts', auth: 'apiKey' },
      { method: 'GET', path: '/api/v1/mixed', group: 'suppression', auth: 'apiKey' },
      { method: 'GET', path: '/api/mixed', group: 'suppression', auth: ['user', 'apiKey'] },
    ])
  })

  it('takes a group as key-only only when every one of its routes takes API keys alone', () => {
    expect(isKeyOnlyGroup(table, 'contacts')).toBe(true)
    expect(isKeyOnlyGroup(table, 'suppression')).toBe(false)
    expect(isKeyOnlyGroup(table, 'topics')).toBe(false)
    expect(isKeyOnlyGroup(table, 'campaigns')).toBe(false)
  })

  it('refuses a key-only route without three literal leading segments', () => {
    expect(pathPrefix('/api/v1/topics/{id}')).toBe('/api/v1/topics')
    expect(() => pathPrefix('/api/v1')).toThrow()
    expect(() => pathPrefix('/api/v1/{id}')).toThrow()
  })

  it('marks greedy route keys', () => {
    expect(isGreedyRouteKey('ANY /api/v1/contacts/{proxy+}')).toBe(true)
    expect(isGreedyRouteKey('GET /api/v1/contacts')).toBe(false)
  })
})

describe('the route table at API Gateway', () => {
  const gateway = gatewayRoutes(ROUTE_LIST)

  it('gives every greedy prefix to one group, and no route of another group lies under it', () => {
    const owners = new Map<string, string>()
    for (const route of gateway.filter((candidate) => candidate.method === 'ANY')) {
      const prefix = route.path.replace('/{proxy+}', '')
      expect(owners.get(prefix) ?? route.group, prefix).toBe(route.group)
      owners.set(prefix, route.group)
    }
    for (const route of ROUTE_LIST)
      for (const [prefix, group] of owners)
        if (route.path === prefix || route.path.startsWith(`${prefix}/`))
          expect(route.group, routeKey(route)).toBe(group)
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
