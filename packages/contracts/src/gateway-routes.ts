import {
  callerKinds,
  type EndpointGroup,
  type HttpMethod,
  type RouteAuthSpec,
  type RouteDefinition,
  usesJwtAuthorizer,
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

/**
 * The prefixes a route may be collapsed under at API Gateway, shortest first: its literal leading segments from
 * `/api/<name>` (`/api/v1/<name>` on the public API) down to its first parameter — `/api/contacts` and
 * `/api/contacts/unsubscribe` for `/api/contacts/unsubscribe/preferences`. None when those first segments are not
 * literal.
 */
export function candidatePrefixes(path: string): string[] {
  const segments = path.split('/').slice(1)
  if (segments[0] !== 'api') return []
  const shortest = segments[1] === 'v1' ? 3 : 2
  const literal = segments.findIndex((part) => part === '' || part.includes('{'))
  const longest = literal === -1 ? segments.length : literal
  const prefixes: string[] = []
  for (let length = shortest; length <= longest; length++)
    prefixes.push(`/${segments.slice(0, length).join('/')}`)
  return prefixes
}

/** A route's shortest prefix (`/api/templates` of `/api/templates/{id}/versions`), or null. */
export const pathPrefix = (path: string): string | null => candidatePrefixes(path)[0] ?? null

/** What fronts a route at API Gateway: the JWT authorizer (signed-in users only), or nothing (the function checks). */
const gateOf = (route: TableRoute) => (usesJwtAuthorizer(route) ? 'jwt' : 'open')

const segmentsOf = (path: string) => path.split('/').slice(1)
const isParam = (segment: string) => /^\{\w+\}$/.test(segment)
const isGreedy = (segment: string) => /^\{\w+\+\}$/.test(segment)

/** Whether a route's template could match `prefix` itself (a literal path), as API Gateway would match it. */
function reachesExactly(template: string, prefix: string): boolean {
  const segments = segmentsOf(template)
  const parts = segmentsOf(prefix)
  for (const [index, segment] of segments.entries()) {
    if (isGreedy(segment)) return index < parts.length
    const part = parts[index]
    if (part === undefined || (!isParam(segment) && segment !== part)) return false
  }
  return segments.length === parts.length
}

/** Whether a route's template could match some path strictly below `prefix`. */
function reachesBelow(template: string, prefix: string): boolean {
  const segments = segmentsOf(template)
  const parts = segmentsOf(prefix)
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]
    if (segment === undefined) return false
    if (isGreedy(segment)) return true
    if (!isParam(segment) && segment !== part) return false
  }
  return segments.length > parts.length
}

/**
 * Whether another route may share the paths of template `own` without `ANY <own>` taking its requests or
 * changing a 405's `Allow`: wherever the two can match one path, the other is as specific (a literal where `own`
 * has a parameter) and answers only methods `own` answers too.
 */
function coexists(route: TableRoute, own: string, methods: ReadonlySet<string>): boolean {
  const theirs = segmentsOf(route.path)
  const ours = segmentsOf(own)
  if (theirs.length !== ours.length || theirs.some(isGreedy)) return !overlapsGreedy(theirs, ours)
  for (const [index, segment] of ours.entries()) {
    const other = theirs[index] ?? ''
    if (!isParam(segment) && !isParam(other) && segment !== other) return true
    if (!isParam(segment) && isParam(other)) return false
  }
  return methods.has(route.method)
}

/** A greedy template (`/x/{proxy+}`) that could match one of the paths of `ours`. */
function overlapsGreedy(theirs: string[], ours: string[]): boolean {
  const greedy = theirs.findIndex(isGreedy)
  if (greedy === -1 || greedy >= ours.length) return false
  return theirs
    .slice(0, greedy)
    .every((segment, index) => isParam(segment) || isParam(ours[index] ?? '') || segment === ours[index])
}

/**
 * Routes that may stand behind one greedy route: at least two, one group's, fronted alike, and no other route of
 * the table reaching the paths it takes. So a greedy route never takes another route's request, and the group's
 * function, which knows its own routes, answers every path there as the table does (its route, 405 with `Allow`,
 * or 404).
 */
function standAlone(
  routes: readonly TableRoute[],
  own: TableRoute[],
  reaches: (route: TableRoute) => boolean,
) {
  const [first] = own
  if (own.length < 2 || !first) return false
  if (!own.every((route) => route.group === first.group && gateOf(route) === gateOf(first))) return false
  return routes.every((route) => own.includes(route) || !reaches(route))
}

/**
 * Where each route collapses: `ANY <path>` when the route's own path stands alone (its methods one group's, no
 * other route it could take a request or a 405 from), else `ANY <prefix>/{proxy+}` for the shortest of its prefixes whose paths below stand alone.
 */
function collapseTargets(routes: readonly TableRoute[]): Map<TableRoute, string> {
  const exact = new Map<string, boolean>()
  const below = new Map<string, boolean>()
  const exactly = (path: string) => {
    if (!exact.has(path)) {
      const own = routes.filter((route) => route.path === path)
      const methods = new Set(own.map((route) => route.method))
      exact.set(
        path,
        standAlone(routes, own, (route) => !coexists(route, path, methods)) &&
          candidatePrefixes(path).length > 0,
      )
    }
    return exact.get(path) === true
  }
  const beneath = (prefix: string) => {
    if (!below.has(prefix)) {
      const own = routes.filter((route) => route.path.startsWith(`${prefix}/`))
      below.set(
        prefix,
        standAlone(routes, own, (route) => reachesBelow(route.path, prefix)),
      )
    }
    return below.get(prefix) === true
  }
  const targets = new Map<TableRoute, string>()
  for (const route of routes) {
    const prefixes = candidatePrefixes(route.path)
    if (exactly(route.path)) {
      targets.set(route, route.path)
      continue
    }
    const prefix = prefixes.find((candidate) => candidate !== route.path && beneath(candidate))
    if (prefix) targets.set(route, `${prefix}/{${GREEDY_PARAMETER}+}`)
  }
  return targets
}

/**
 * The routes API Gateway holds for the route table (pass the whole table: what may collapse is decided over it).
 * Routes that stand alone (`collapseTargets`) become `ANY <path>` (a literal path's methods) or
 * `ANY <prefix>/{proxy+}` (the paths below a prefix), fronted as they are (the JWT authorizer, or nothing); every
 * other route is itself. CloudFormation's 500-resource limit is why: one route resource per table route would
 * pass it. The CDK stack and the local gateway both build their routes from here.
 */
export function gatewayRoutes(routes: readonly TableRoute[]): GatewayRoute[] {
  const targets = collapseTargets(routes)
  const result: GatewayRoute[] = []
  const seen = new Set<string>()
  for (const route of routes) {
    const path = targets.get(route)
    if (!path) {
      result.push({ method: route.method, path: route.path, group: route.group, auth: route.auth })
      continue
    }
    if (seen.has(path)) continue
    seen.add(path)
    result.push({
      method: 'ANY',
      path,
      group: route.group,
      auth: gateOf(route) === 'jwt' ? 'user' : route.auth,
    })
  }
  return result
}

/** `ANY /api/v1/contacts/{proxy+}` and the like: a route key standing for several routes of the table. */
export function isGreedyRouteKey(routeKey: string): boolean {
  return routeKey.startsWith('ANY ')
}
