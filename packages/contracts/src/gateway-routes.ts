import {
  callerKinds,
  type EndpointGroup,
  type HttpMethod,
  type RouteAuthSpec,
  type RouteDefinition,
} from './route-definition'

/** A route as API Gateway holds it: one of the route table's, or a greedy route standing for a group's paths. */
export interface GatewayRoute {
  method: HttpMethod | 'ANY'
  /** API Gateway path syntax; a greedy route ends in `{proxy+}`. */
  path: string
  group: EndpointGroup
  auth: RouteAuthSpec
}

type TableRoute = Pick<RouteDefinition, 'method' | 'path' | 'group' | 'auth'>

/** The path parameter a greedy gateway route names (`/api/v1/contacts/{proxy+}`). */
export const GREEDY_PARAMETER = 'proxy'

/**
 * Groups whose every route takes API keys only (the public API under `/api/v1/…`). API Gateway's JWT authorizer
 * never fronts them, and their function matches method and path from the route table itself, so API Gateway needs
 * only a greedy route per path prefix they own, not one per route (CloudFormation's 500-resource limit).
 */
export function isKeyOnlyGroup(routes: readonly TableRoute[], group: EndpointGroup): boolean {
  const own = routes.filter((route) => route.group === group)
  return (
    own.length > 0 &&
    own.every((route) => {
      const kinds = callerKinds(route)
      return kinds.length === 1 && kinds[0] === 'apiKey'
    })
  )
}

/** A key-only route's prefix: its first three segments (`/api/v1/contacts` of `/api/v1/contacts/{id}/topics`). */
export function pathPrefix(path: string): string {
  const segments = path.split('/').slice(1, 4)
  if (segments.length < 3 || segments.some((segment) => segment === '' || segment.includes('{')))
    throw new Error(`A key-only route needs three literal leading segments: ${path}`)
  return `/${segments.join('/')}`
}

/**
 * The routes API Gateway holds for the route table: a key-only group's routes collapse into `ANY <prefix>` (when a
 * route is the prefix itself) and `ANY <prefix>/{proxy+}` (when one lies below it); every other route is itself.
 * The CDK stack and the local gateway both build their routes from here.
 */
export function gatewayRoutes(routes: readonly TableRoute[]): GatewayRoute[] {
  const keyOnly = new Map<EndpointGroup, boolean>()
  const result: GatewayRoute[] = []
  const seen = new Set<string>()
  for (const route of routes) {
    if (!keyOnly.has(route.group)) keyOnly.set(route.group, isKeyOnlyGroup(routes, route.group))
    if (!keyOnly.get(route.group)) {
      result.push({ method: route.method, path: route.path, group: route.group, auth: route.auth })
      continue
    }
    const prefix = pathPrefix(route.path)
    const path = route.path === prefix ? prefix : `${prefix}/{${GREEDY_PARAMETER}+}`
    if (seen.has(path)) continue
    seen.add(path)
    result.push({ method: 'ANY', path, group: route.group, auth: 'apiKey' })
  }
  return result
}

/** `ANY /api/v1/contacts/{proxy+}` and the like: a route key standing for several routes of the table. */
export function isGreedyRouteKey(routeKey: string): boolean {
  return routeKey.startsWith('ANY ')
}
