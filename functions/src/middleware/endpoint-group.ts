import {
  acceptsCaller,
  type EndpointGroup,
  type RouteDefinition,
  type RouteEntry,
  type RouteId,
  type routes,
} from '@app/contracts'
import type { ApiKeyActor, Logger, OrganizationContext, UserActor } from '@app/core'
import type { AccountRecord } from '@app/core/accounts/public'
import middy from '@middy/core'
import type { z } from 'zod'
import { type Authenticators, defaultAuthenticators } from './actor'
import type { OwnerLookups } from './organization'
import type { ApiResponse, Event, PipelineRequest } from './pipeline'
import { sentryMiddleware } from './sentry'
import { authenticate } from './steps/authenticate'
import type { idempotency } from './steps/idempotency'
import { addCallHeaders, logRequest, mapErrors } from './steps/map-errors'
import { matchRoute } from './steps/match-route'
import { organization } from './steps/organization'
import { parse } from './steps/parse'
import { planGate } from './steps/plan-gate'
import type { rateLimit } from './steps/rate-limit'
import { type AcceptedFile, type FileResult, type Redirect, respond } from './steps/respond'
import { validate } from './steps/validate'

export type { AcceptedFile, FileResult, Redirect } from './steps/respond'

type Routes = typeof routes
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

type ActorOf<R extends RouteDefinition> = R['auth'] extends 'user'
  ? UserActor
  : R['auth'] extends 'apiKey'
    ? ApiKeyActor
    : undefined

export interface RouteInput<R extends RouteDefinition> {
  actor: ActorOf<R>
  /** Routes acting for an organization: the caller, the organization and the role, checked once. */
  context: R['permission'] extends string ? OrganizationContext : undefined
  /** The caller's account profile, read by the active-account check (user routes a suspended account cannot call). */
  account: R['auth'] extends 'user' ? AccountRecord | undefined : undefined
  params: Parsed<R['params']>
  query: Parsed<R['query']>
  /** Raw-body routes get the text as sent; JSON routes their parsed, validated body. */
  body: R['rawBody'] extends object ? string : Parsed<R['body']>
  log: Logger
  event: Event
}

type RouteResult<R extends RouteDefinition> = R['response'] extends z.ZodType
  ? z.input<R['response']>
  : R['produces'] extends string
    ? FileResult | AcceptedFile
    : R['status'] extends 302
      ? Redirect
      : R['status'] extends 204
        ? // biome-ignore lint/suspicious/noConfusingVoidType: 204 handlers return core calls typed Promise<void>
          void
        : unknown

export type GroupHandlers<G extends EndpointGroup> = {
  [K in RouteId as Routes[K]['group'] extends G ? K : never]: (
    input: RouteInput<Routes[K]>,
  ) => Promise<RouteResult<Routes[K]>>
}

export interface EndpointGroupOptions {
  /** Owner lookups for the group's routes that name only a resource (`organization.owner` in the route). */
  owners?: OwnerLookups
  /**
   * How callers are authenticated beyond the gateway's JWT authorizer: a group with routes that take API keys
   * passes `callerAuthenticators` (api-callers.ts); tests plug in their own.
   */
  authenticators?: Partial<Authenticators>
  /**
   * What a request matching none of the group's routes gets instead of a 404 (the docs group also serves the
   * API's `$default` catch-all: a known path asked with another method is a 405).
   */
  unmatched?: (event: Event) => ApiResponse | undefined
  /** Tests only: serve these routes instead of the group's own (e.g. a probe route with a plan feature). */
  routes?: readonly RouteEntry[]
  /**
   * The optional steps, for groups with routes flagged `rateLimit` or `idempotent` (the group refuses to build
   * without them): the group's file imports them, so a group without such routes bundles none of their code.
   */
  rateLimit?: typeof rateLimit
  idempotency?: typeof idempotency
  /** Tests only: the clock rate-limit windows are counted by. */
  clock?: () => Date
}

/**
 * The group's routes from its domain's route table (`@app/contracts/<domain>/routes`): each Lambda imports only
 * its own domain's table, never the whole route list, so its bundle carries only the schemas it serves.
 */
function routesOf(group: EndpointGroup, table: Readonly<Record<string, RouteDefinition>>): RouteEntry[] {
  return Object.entries(table)
    .filter(([, definition]) => definition.group === group)
    .map(([id, definition]) => ({ ...definition, id }) as RouteEntry)
}

/**
 * What the steps need of the group's routes, checked at cold start: owner lookups, and the optional steps their
 * flags use (where a flag may go — POST with a caller, a subject to count — `route-flags.test.ts` checks in
 * contracts).
 */
function checkRoutes(routeList: readonly RouteEntry[], options: EndpointGroupOptions): void {
  for (const route of routeList) {
    const owner = route.organization?.owner
    if (owner && !options.owners?.[owner])
      throw new Error(`Route ${route.id} needs the owner lookup of ${owner}`)
    if ((route.rateLimit && !options.rateLimit) || (route.idempotent && !options.idempotency))
      throw new Error(`Route ${route.id}: give its group the rateLimit / idempotency step`)
    if (acceptsCaller(route, 'apiKey') && !options.authenticators?.apiKey)
      throw new Error(
        `Route ${route.id} takes API keys: give its group callerAuthenticators (api-callers.ts)`,
      )
  }
}

/**
 * One Lambda per endpoint group: the route table (contracts) decides which handler runs, how the caller
 * authenticates, which organization the call acts for and the permission it needs there, its plan feature, rate
 * limit and idempotency, and how the request is validated. The pipeline's steps run in this order, each its own
 * module under `steps/` (see functions/README.md); every handler gets parsed input and a context and returns
 * plain data; errors become `{ error: { code, message } }` in `mapErrors` and nowhere else.
 */
export function endpointGroup<G extends EndpointGroup>(
  group: G,
  domainRoutes: Readonly<Record<string, RouteDefinition>>,
  handlers: GroupHandlers<G>,
  options: EndpointGroupOptions = {},
) {
  const routeList = options.routes ?? routesOf(group, domainRoutes)
  const owners = options.owners ?? {}
  checkRoutes(routeList, options)
  const handle = respond(handlers as unknown as Record<string, (input: unknown) => Promise<unknown>>)
  return middy<Event, ApiResponse>(handle, {
    requestEnd: (request) => {
      addCallHeaders(request as PipelineRequest)
      logRequest(request as PipelineRequest)
    },
  })
    .use(sentryMiddleware())
    .use(matchRoute(routeList, options.unmatched))
    .use(parse())
    .use(authenticate({ ...defaultAuthenticators, ...options.authenticators }))
    .use(organization(owners))
    .use(planGate())
    .use(options.rateLimit?.(options.clock) ?? [])
    .use(validate())
    .use(options.idempotency?.() ?? [])
    .use(mapErrors())
}
