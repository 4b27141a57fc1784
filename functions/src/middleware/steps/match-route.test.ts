import { beforeAll, describe, expect, it } from 'vitest'
import { httpEvent, stepRequest, useUnitEnvironment } from '../handler-testing'
import { findCall, type PipelineRequest } from '../pipeline'
import { probeRoute } from '../step-testing'

let matchRoute: typeof import('./match-route').matchRoute

beforeAll(async () => {
  useUnitEnvironment()
  ;({ matchRoute } = await import('./match-route'))
})

const route = probeRoute({ method: 'GET', path: '/api/probe/{id}' })

describe('matchRoute step', () => {
  it('starts the call of the route the routeKey names', async () => {
    const request = stepRequest(httpEvent('GET /api/probe/{id}')) as PipelineRequest
    expect(await matchRoute([route]).before?.(request)).toBeUndefined()
    expect(findCall(request.event)).toMatchObject({ route, sent: undefined, accountWithContext: false })
  })

  it('answers an unknown routeKey with the unmatched answer (the 405), else 404 route.not_found', async () => {
    const request = () => stepRequest(httpEvent('DELETE /api/probe/{id}')) as PipelineRequest
    const allow = { statusCode: 405, headers: { allow: 'GET' } }
    expect(await matchRoute([route], () => allow).before?.(request())).toBe(allow)
    expect(() => matchRoute([route], () => undefined).before?.(request())).toThrow(
      expect.objectContaining({ code: 'route.not_found', status: 404 }),
    )
    const unmatched = request()
    expect(() => matchRoute([route]).before?.(unmatched)).toThrow(/No route DELETE/)
    expect(findCall(unmatched.event)).toBeUndefined()
  })

  describe('behind a greedy gateway route (a key-only group)', () => {
    const routes = [
      probeRoute({ method: 'GET', path: '/api/v1/probes' }),
      probeRoute({ method: 'PUT', path: '/api/v1/probes/{id}/parts/{partId}' }),
      probeRoute({ method: 'GET', path: '/api/v1/probes/{id}/parts/{partId}' }),
    ]
    const greedy = (method: string, path: string) => {
      const event = httpEvent(`ANY /api/v1/probes/{proxy+}`)
      event.rawPath = path
      event.requestContext.http.method = method
      event.pathParameters = { proxy: path.split('/').slice(4).join('/') }
      return stepRequest(event) as PipelineRequest
    }

    it('finds the route the method and path name, with its own path parameters', async () => {
      const request = greedy('PUT', '/api/v1/probes/p%201/parts/2')
      expect(await matchRoute(routes).before?.(request)).toBeUndefined()
      expect(findCall(request.event)?.route).toBe(routes[1])
      expect(request.event.pathParameters).toEqual({ id: 'p 1', partId: '2' })
    })

    it('answers a path of the group asked with another method 405 with Allow, and any other path 404', async () => {
      const answer = await matchRoute(routes).before?.(greedy('DELETE', '/api/v1/probes/1/parts/2'))
      expect(answer).toMatchObject({ statusCode: 405, headers: { allow: 'GET, PUT' } })
      expect(JSON.parse(String((answer as { body: string }).body)).error.code).toBe(
        'route.method_not_allowed',
      )
      expect(() => matchRoute(routes).before?.(greedy('GET', '/api/v1/probes/1'))).toThrow(
        expect.objectContaining({ code: 'route.not_found', message: 'No route GET /api/v1/probes/1.' }),
      )
    })
  })
})
