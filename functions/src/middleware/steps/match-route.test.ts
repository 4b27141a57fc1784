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
})
