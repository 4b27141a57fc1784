import { type RouteEntry, routeKey } from '@app/contracts'
import { AppError, createLogger } from '@app/core'
import { env } from '../../env'
import { type ApiResponse, type Event, type Step, startCall } from '../pipeline'

export const baseLog = createLogger({ service: 'api' }, env.logLevel)

/**
 * Step 1: the route the request's `routeKey` names, and the call's log. A request matching none of the group's
 * routes gets `unmatched`'s answer (the docs group's 405 with Allow) or 404 `route.not_found`.
 */
export function matchRoute(
  routes: readonly RouteEntry[],
  unmatched?: (event: Event) => ApiResponse | undefined,
): Step {
  const table = new Map(routes.map((route) => [routeKey(route), route]))
  return {
    name: 'matchRoute',
    before: (request) => {
      const route = table.get(request.event.routeKey)
      if (!route) {
        const answer = unmatched?.(request.event)
        if (answer) return answer
        throw new AppError('route.not_found', `No route ${request.event.routeKey}.`)
      }
      startCall(request.event, {
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
