import { allowedMethods, type RouteEntry, routeKey } from '@app/contracts'
import { isGreedyRouteKey } from '@app/contracts/gateway-routes'
import { createRouteMatcher } from '@app/contracts/route-matcher'
import { AppError, createLogger } from '@app/core'
import { env } from '../../env'
import { errorResponse } from '../errors'
import { type ApiResponse, type Event, type Step, startCall } from '../pipeline'

export const baseLog = createLogger({ service: 'api' }, env.logLevel)

/**
 * A key-only group's greedy gateway route (`ANY /api/v1/contacts/{proxy+}`, `gatewayRoutes`) stands for several
 * routes: the one the method and path name, its path parameters filled in as API Gateway would; a path of the
 * group asked with another method gets 405 with `Allow`.
 */
function resolveGreedy(routes: readonly RouteEntry[]) {
  const match = createRouteMatcher(routes)
  return (event: Event): { route?: RouteEntry; answer?: ApiResponse } => {
    const method = event.requestContext.http.method
    const found = match(method, event.rawPath)
    if (found) {
      event.pathParameters = found.pathParameters
      return { route: found.route }
    }
    const allowed = allowedMethods(routes, event.rawPath)
    if (allowed.length === 0) return {}
    const answer = errorResponse(
      'route.method_not_allowed',
      `${event.rawPath} takes ${allowed.join(', ')}, not ${method}.`,
    )
    return { answer: { ...answer, headers: { ...answer.headers, allow: allowed.join(', ') } } }
  }
}

/**
 * Step 1: the route the request's `routeKey` names (or, behind a greedy route, its method and path), and the
 * call's log. A request matching none of the group's routes gets `unmatched`'s answer (the docs group's 405 with
 * Allow) or 404 `route.not_found`.
 */
export function matchRoute(
  routes: readonly RouteEntry[],
  unmatched?: (event: Event) => ApiResponse | undefined,
): Step {
  const table = new Map(routes.map((route) => [routeKey(route), route]))
  const greedy = resolveGreedy(routes)
  return {
    name: 'matchRoute',
    before: (request) => {
      const { event } = request
      let route = table.get(event.routeKey)
      if (!route && isGreedyRouteKey(event.routeKey)) {
        const resolved = greedy(event)
        if (resolved.answer) return resolved.answer
        route = resolved.route
      }
      if (!route) {
        const answer = unmatched?.(event)
        if (answer) return answer
        throw new AppError(
          'route.not_found',
          `No route ${isGreedyRouteKey(event.routeKey) ? `${event.requestContext.http.method} ${event.rawPath}` : event.routeKey}.`,
        )
      }
      startCall(event, {
        route,
        log: baseLog.child({ requestId: request.context.awsRequestId, route: route.id }),
        started: Date.now(),
        sent: undefined,
        body: undefined,
        accountWithContext: false,
      })
      return undefined
    },
  }
}
