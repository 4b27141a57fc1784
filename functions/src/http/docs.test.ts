import { ROUTE_LIST } from '@app/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { httpEvent, lambdaContext, useUnitEnvironment } from '../middleware/handler-testing'

let handler: typeof import('./docs').handler

beforeAll(async () => {
  useUnitEnvironment()
  ;({ handler } = await import('./docs'))
})

/** The deployed API's `$default` route: what API Gateway sends when no route of the table matched. */
const unmatched = (method: string, path: string) => {
  const event = httpEvent(`${method} ${path}`)
  return handler(
    {
      ...event,
      routeKey: '$default',
      requestContext: { ...event.requestContext, http: { ...event.requestContext.http, method, path } },
    },
    lambdaContext,
  )
}

describe('the $default catch-all (deployed API)', () => {
  it('answers a known path asked with another method with 405 and Allow, as the local gateway does', async () => {
    const methods = ROUTE_LIST.filter((route) => route.path === '/api/contacts/{id}').map(
      (route) => route.method,
    )
    const response = await unmatched('PUT', '/api/contacts/01ARZ3NDEKTSV4RRFFQ69G5FAV')
    expect(response.statusCode).toBe(405)
    expect(response.headers?.allow).toBe([...methods].sort().join(', '))
    expect(JSON.parse(response.body ?? '{}').error.code).toBe('route.method_not_allowed')
  })

  it('answers an unknown path with 404', async () => {
    const response = await unmatched('GET', '/api/no-such-thing')
    expect(response.statusCode).toBe(404)
  })
})
