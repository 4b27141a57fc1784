import { describe, expect, it } from 'vitest'
import { gatewayRoutes } from './gateway-routes'
import { createRouteMatcher } from './route-matcher'
import { buildPath, ROUTE_LIST, routeKey } from './routes'

const match = createRouteMatcher([
  { method: 'GET', path: '/api/things/{id}' },
  { method: 'GET', path: '/api/things/special' },
  { method: 'POST', path: '/api/things/{id}/parts/{partId}' },
  { method: 'GET', path: '/api/files/{path+}' },
])

describe('createRouteMatcher', () => {
  it('prefers a literal segment over a parameter, whatever the declaration order', () => {
    expect(match('GET', '/api/things/special')?.route.path).toBe('/api/things/special')
    expect(match('GET', '/api/things/other')?.pathParameters).toEqual({ id: 'other' })
  })

  it('decodes parameters and keeps several', () => {
    expect(match('POST', '/api/things/a%20b/parts/%C3%A9')?.pathParameters).toEqual({
      id: 'a b',
      partId: 'é',
    })
  })

  it('matches greedy parameters over the rest of the path', () => {
    expect(match('GET', '/api/files/a/b/c.txt')?.pathParameters).toEqual({ path: 'a/b/c.txt' })
    expect(match('GET', '/api/files/')).toBeUndefined()
  })

  it.each([
    ['GET', '/api/things/'],
    ['GET', '/api/things/1/'],
    ['GET', '/api/things'],
    ['PUT', '/api/things/1'],
    ['GET', '/api/things/1/parts/2'],
  ])('finds no route for %s %s', (method, path) => {
    expect(match(method, path)).toBeUndefined()
  })

  it('matches every route of the contracts to itself', () => {
    const matchContract = createRouteMatcher(ROUTE_LIST)
    for (const route of ROUTE_LIST) {
      const path = buildPath(route.path, {
        id: '01HZX3J0C8M6Q1W2E3R4T5Y6U7',
        templateId: '01HZX3J0C8M6Q1W2E3R4T5Y6U8',
        topicId: '01HZX3J0C8M6Q1W2E3R4T5Y6U9',
        deliveryId: '01HZX3J0C8M6Q1W2E3R4T5Y6UA',
        invitationId: '01HZX3J0C8M6Q1W2E3R4T5Y6UB',
        exportId: '01HZX3J0C8M6Q1W2E3R4T5Y6UC',
        memberId: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
        version: '3',
      })
      expect(matchContract(route.method, path)?.route.id).toBe(route.id)
    }
  })

  it('matches ANY method on greedy routes, as API Gateway does', () => {
    const matchGreedy = createRouteMatcher([
      { method: 'ANY', path: '/api/v1/things' },
      { method: 'ANY', path: '/api/v1/things/{proxy+}' },
      { method: 'GET', path: '/api/things/{id}' },
    ])
    expect(matchGreedy('DELETE', '/api/v1/things')?.route.path).toBe('/api/v1/things')
    expect(matchGreedy('PUT', '/api/v1/things/a/b%20c')?.pathParameters).toEqual({ proxy: 'a/b c' })
    expect(matchGreedy('GET', '/api/v1/things/')).toBeUndefined()
    expect(matchGreedy('POST', '/api/things/1')).toBeUndefined()
  })

  it('takes every route of the contracts to its group through the gateway routes the stack deploys', () => {
    const gateway = gatewayRoutes(ROUTE_LIST)
    const matchGateway = createRouteMatcher(gateway)
    for (const route of ROUTE_LIST) {
      const path = route.path.replace(/\{(\w+)\}/g, '01HZX3J0C8M6Q1W2E3R4T5Y6U7')
      const found = matchGateway(route.method, path)?.route
      expect(found?.group, routeKey(route)).toBe(route.group)
      if (found?.method !== 'ANY') expect(found && routeKey(found)).toBe(routeKey(route))
    }
  })
})
