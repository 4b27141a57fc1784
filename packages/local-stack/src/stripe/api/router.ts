import type { StandInContext } from '../context'
import type { Params } from './params'

export interface ApiRequest {
  params: Params
  /** The `:name` parts of the route's path. */
  path: Record<string, string>
}

export type ApiHandler = (request: ApiRequest, context: StandInContext) => object

export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE'
  /** '/v1/customers/:id/tax_ids' */
  path: string
  handler: ApiHandler
}

interface CompiledRoute extends ApiRoute {
  pattern: RegExp
  names: string[]
}

export interface RouteMatch {
  route: ApiRoute
  path: Record<string, string>
}

/** Matches `METHOD /v1/...` against a route table; `:name` segments capture one path segment. */
export function routeTable(routes: ApiRoute[]): (method: string, pathname: string) => RouteMatch | null {
  const compiled: CompiledRoute[] = routes.map((route) => {
    const names: string[] = []
    const source = route.path.replace(/:(\w+)/g, (_, name: string) => {
      names.push(name)
      return '([^/]+)'
    })
    return { ...route, pattern: new RegExp(`^${source}$`), names }
  })
  return (method, pathname) => {
    for (const route of compiled) {
      if (route.method !== method) continue
      const match = route.pattern.exec(pathname)
      if (!match) continue
      const path = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
      )
      return { route, path }
    }
    return null
  }
}

export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before', 'expand'] as const

export type Deleted = { id: string; object: string; deleted: true }
