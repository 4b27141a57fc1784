import { acceptsCaller, ROUTE_LIST, type RouteEntry, type routes } from '@app/contracts'

type Routes = typeof routes

/** The callers a route's `auth` names: `'apiKey'`, or each of a list. */
type AuthKinds<Auth> = Auth extends readonly (infer Kind)[] ? Kind : Auth

/** The public API's path prefix: every route API keys call from outside lives under it. */
export const PUBLIC_API_PREFIX = '/api/v1/'

/**
 * Ids of the public API's routes in the contracts' route table: those taking an API key, under `/api/v1/`. A route
 * added to the table (a new domain's `/api/v1/…` routes) is a method of the client with no edit here.
 */
export type PublicRouteId = {
  [Id in keyof Routes]: Routes[Id]['path'] extends `${typeof PUBLIC_API_PREFIX}${string}`
    ? 'apiKey' extends AuthKinds<Routes[Id]['auth']>
      ? Id
      : never
    : never
}[keyof Routes]

export type PublicRoute<Id extends PublicRouteId> = Routes[Id]

/** The same choice at run time, from the table's entries. */
export function publicRoutes(): RouteEntry[] {
  return ROUTE_LIST.filter(
    (entry) => entry.path.startsWith(PUBLIC_API_PREFIX) && acceptsCaller(entry, 'apiKey'),
  )
}
