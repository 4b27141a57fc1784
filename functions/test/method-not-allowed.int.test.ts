import { allowedMethods, ROUTE_LIST } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { anonymous, newUser } from './stack'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const concrete = (path: string) => path.replace(/\{\w+\+?\}/g, '01ARZ3NDEKTSV4RRFFQ69G5FAV')

describe('unknown methods on known paths', () => {
  const paths = [...new Set(ROUTE_LIST.map((route) => route.path))]
  const cases = paths.flatMap((path) => {
    // Another route may take the method at this address (`PATCH /api/aws-accounts/{id}` for a literal segment).
    const served = allowedMethods(ROUTE_LIST, concrete(path))
    return METHODS.filter((method) => !served.includes(method)).map((method) => ({ path, method }))
  })

  // Signed in: a path the JWT authorizer fronts through a greedy route (`gatewayRoutes`) asks for a sign-in first.
  it('answers 405 with Allow listing the route table’s methods, on every path of the route table', async () => {
    expect(cases.length).toBeGreaterThan(100)
    const { api } = await newUser({ createAccount: false })
    for (const { path, method } of cases) {
      const response = await api.request(method, concrete(path))
      const allowed = allowedMethods(ROUTE_LIST, concrete(path))
      expect(response.status, `${method} ${path}`).toBe(405)
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allowed.join(', '))
      expect(response.body.error.code).toBe('route.method_not_allowed')
      expect(allowed.length).toBeGreaterThan(0)
    }
  })

  it('still answers 404 for a path no route has', async () => {
    const response = await anonymous().request('GET', '/api/no-such-thing')
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('route.not_found')
  })
})
