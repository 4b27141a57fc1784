import {
  DEFAULT_MAX_BODY_BYTES,
  type EndpointGroup,
  type Permission,
  type RouteDefinition,
  type RouteEntry,
  type RouteId,
  routeKey,
  type routes,
} from '@app/contracts'
import {
  type ApiKeyActor,
  AppError,
  createLogger,
  type Logger,
  type OrganizationContext,
  type UserActor,
} from '@app/core'
import type { AccountRecord } from '@app/core/accounts/accounts'
// Named imports from the modules themselves, so a group's bundle carries only what its own handlers use
// (a namespace object would pull in every function of the module and, through them, the Stripe SDK).
import {
  defaultOrganizationOf,
  requireActiveAccount,
  requireActiveAccountIn,
} from '@app/core/accounts/accounts'
import { requireOperator } from '@app/core/auth/operators'
import { organizationContext } from '@app/core/organizations/context'
import { assertFeature } from '@app/core/organizations/organizations'
import middy from '@middy/core'
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda'
import type { z } from 'zod'
import { env } from '../env'
import { type Authenticators, defaultAuthenticators } from './actor'
import { invalidRequest, jsonResponse, toErrorResponse } from './errors'
import { parseJsonBody } from './json-body'
import { type OwnerLookups, resolveOrganization } from './organization'
import { reportError, requestPath, sentryMiddleware } from './sentry'

type Event = APIGatewayProxyEventV2WithJWTAuthorizer
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

interface State {
  route: RouteEntry
  log: Logger
  started: number
}

const baseLog = createLogger({ service: 'api' }, env.logLevel)

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined
  const result = schema.safeParse(value)
  if (!result.success) throw invalidRequest(result.error, where)
  return result.data
}

/** The request's media type without parameters (`text/plain;charset=UTF-8` → `text/plain`). */
function mediaType(event: Event): string {
  const header = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')
  return (header?.[1] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

function rawText(event: Event): string {
  if (!event.body) return ''
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body
}

function bodySize(event: Event): number {
  if (!event.body) return 0
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').length : Buffer.byteLength(event.body)
}

/** What a 302 route's handler returns: where to send the browser (an address of our own site). */
export interface Redirect {
  location: string
}

export interface FileResult {
  filename: string
  content: string
}

/** A file too large to answer at once: the job that writes it, answered 202 as JSON. */
export interface AcceptedFile {
  accepted: unknown
}

function fileResponse(contentType: string, file: FileResult): APIGatewayProxyStructuredResultV2 {
  const safeName = file.filename.replace(/[^\w.-]/g, '_')
  return {
    statusCode: 200,
    headers: {
      'content-type': `${contentType}; charset=utf-8`,
      'content-disposition': `attachment; filename="${safeName}"`,
      'cache-control': 'no-store',
    },
    body: file.content,
  }
}

/** The route names its organization in the request (not through a resource or the caller's selection). */
function namesItsOrganization(route: RouteEntry): boolean {
  const source = route.organization
  return Boolean(route.permission && source && !source.owner && !source.orSelected)
}

export interface EndpointGroupOptions {
  /** Owner lookups for the group's routes that name only a resource (`organization.owner` in the route). */
  owners?: OwnerLookups
  /** Replaces how callers are authenticated (tests; the API-keys feature plugs its key lookup in here). */
  authenticators?: Partial<Authenticators>
  /**
   * What a request matching none of the group's routes gets instead of a 404 (the docs group also serves the
   * API's `$default` catch-all: a known path asked with another method is a 405).
   */
  unmatched?: (event: Event) => APIGatewayProxyStructuredResultV2 | undefined
  /** Tests only: serve these routes instead of the group's own (e.g. a probe route with a plan feature). */
  routes?: readonly RouteEntry[]
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
 * One Lambda per endpoint group: the route table (contracts) decides which handler runs, how the caller
 * authenticates (`auth`), which organization the call acts for and the permission it needs there, and how the
 * request is validated. The caller, the organization and the role are resolved once, here; every handler gets
 * parsed input and a context and returns plain data; errors become `{ error: { code, message } }` here and
 * nowhere else.
 */
export function endpointGroup<G extends EndpointGroup>(
  group: G,
  domainRoutes: Readonly<Record<string, RouteDefinition>>,
  handlers: GroupHandlers<G>,
  options: EndpointGroupOptions = {},
) {
  const routeList = options.routes ?? routesOf(group, domainRoutes)
  const owners = options.owners ?? {}
  const authenticators = { ...defaultAuthenticators, ...options.authenticators }
  for (const route of routeList) {
    const owner = route.organization?.owner
    if (owner && !owners[owner]) throw new Error(`Route ${route.id} needs the owner lookup of ${owner}`)
  }
  const table = new Map(routeList.map((route) => [routeKey(route), route]))
  const states = new WeakMap<Context, State>()

  const core = async (event: Event, lambda: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const route = table.get(event.routeKey)
    if (!route) {
      const answer = options.unmatched?.(event)
      if (answer) return answer
      throw new AppError('route.not_found', `No route ${event.routeKey}.`)
    }
    const log = baseLog.child({ requestId: lambda.awsRequestId, route: route.id })
    states.set(lambda, { route, log, started: Date.now() })

    if (bodySize(event) > (route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)) {
      throw new AppError('request.too_large', 'The request body is too large.')
    }
    let body: unknown
    if (route.rawBody) {
      if (!route.rawBody.contentTypes.includes(mediaType(event))) {
        throw new AppError(
          'request.unsupported_media_type',
          `Send ${route.rawBody.contentTypes.join(' or ')} to this route.`,
        )
      }
      body = rawText(event)
    } else if (route.body) {
      body = parseJsonBody(event.headers, event.body, Boolean(event.isBase64Encoded))
    } else if (event.body?.trim()) {
      throw new AppError('request.invalid', 'This call takes no request body.')
    }

    let actor: UserActor | ApiKeyActor | undefined
    let account: AccountRecord | undefined
    // A signed-in call naming its organization reads profile, member and organization at once (in `load`).
    const checkAccount = route.auth === 'user' && !route.allowSuspended
    const accountWithContext = checkAccount && namesItsOrganization(route)
    if (route.auth === 'user') {
      const user = await authenticators.user(event)
      actor = user
      log.debug('actor', { accountId: user.accountId })
      if (checkAccount && !accountWithContext) account = await requireActiveAccount(user)
      if (route.admin) requireOperator(user)
    } else if (route.auth === 'apiKey') {
      actor = await authenticators.apiKey(event)
      log.debug('actor', { keyId: actor.keyId })
    }
    const caller = actor
    const load = async (organizationId: string, permission: Permission) => {
      if (!caller) throw new Error(`Route ${route.id} acts for an organization without a caller`)
      if (caller.kind !== 'user' || !accountWithContext)
        return organizationContext(caller, organizationId, permission)
      const found = await requireActiveAccountIn(caller, organizationId, permission)
      account = found.account
      return found.context
    }
    // Organization, role and permission, then plan gating: all before validation, so a stranger or a locked
    // feature answers the same whatever was sent.
    const context = actor
      ? await resolveOrganization({
          route,
          event,
          body,
          load,
          owners,
          selected: async () => (account ? defaultOrganizationOf(account) : undefined),
        })
      : undefined
    if (route.feature) {
      if (!context) throw new Error(`Route ${route.id} is plan-gated but acts for no organization`)
      assertFeature(context.organization, route.feature)
    }

    if (!route.rawBody) body = parsePart(route.body, body, 'body')
    const params = parsePart(route.params, event.pathParameters ?? {}, 'path')
    const query = parsePart(route.query, event.queryStringParameters ?? {}, 'query')

    const handler = (handlers as unknown as Record<string, (input: unknown) => Promise<unknown>>)[route.id]
    if (!handler) throw new AppError('route.not_found', `No handler for ${route.id}.`)
    const result = await handler({ actor, context, account, params, query, body, log, event })
    if (route.status === 204) return { statusCode: 204, headers: { 'cache-control': 'no-store' } }
    if (route.status === 302)
      return {
        statusCode: 302,
        headers: { location: (result as Redirect).location, 'cache-control': 'no-store' },
      }
    if (route.produces) {
      // A file too large to answer at once comes back as the job writing it (202).
      const file = result as FileResult | AcceptedFile
      if ('accepted' in file) return jsonResponse(202, file.accepted)
      return fileResponse(route.produces, file)
    }
    // Locally and in tests, a response that drifts from its contract fails loudly.
    const payload = env.stage === 'local' && route.response ? route.response.parse(result) : result
    return jsonResponse(route.status, payload ?? {})
  }

  return middy<Event, APIGatewayProxyStructuredResultV2>(core)
    .use(sentryMiddleware())
    .use({
      after: (request) => {
        const state = states.get(request.context)
        state?.log.info('request', {
          path: requestPath(request.event),
          status: request.response?.statusCode,
          durationMs: Date.now() - state.started,
        })
      },
      onError: async (request) => {
        const state = states.get(request.context)
        const log = state?.log ?? baseLog.child({ requestId: request.context.awsRequestId })
        const { response, unexpected } = toErrorResponse(request.error)
        if (unexpected) {
          const path = requestPath(request.event)
          log.error('request.failed', { error: request.error, routeKey: request.event.routeKey, path })
          await reportError(request.error, { routeKey: request.event.routeKey, path })
        }
        log.info('request', {
          path: requestPath(request.event),
          status: response.statusCode,
          durationMs: state ? Date.now() - state.started : undefined,
        })
        request.response = response
      },
    })
}
