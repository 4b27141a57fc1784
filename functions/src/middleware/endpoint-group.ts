import {
  DEFAULT_MAX_BODY_BYTES,
  type EndpointGroup,
  type RouteDefinition,
  type RouteEntry,
  type RouteId,
  routeKey,
  type routes,
  routesOfGroup,
  UlidSchema,
} from '@app/contracts'
import { type Actor, AppError, createLogger, type Logger } from '@app/core'
// Named imports from the modules themselves, so a group's bundle carries only what its own handlers use
// (a namespace object would pull in every function of the module and, through them, the Stripe SDK).
import { requireActiveAccount } from '@app/core/accounts/accounts'
import { requireOperator } from '@app/core/auth/operators'
import { requireFeature } from '@app/core/organizations/organizations'
import middy from '@middy/core'
import httpJsonBodyParser from '@middy/http-json-body-parser'
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda'
import type { z } from 'zod'
import { env } from '../env'
import { actorFromEvent } from './actor'
import { jsonResponse, toErrorResponse } from './errors'
import { reportError, requestPath, sentryMiddleware } from './sentry'

type Event = APIGatewayProxyEventV2WithJWTAuthorizer
type Routes = typeof routes
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

export interface RouteInput<R extends RouteDefinition> {
  actor: R['public'] extends true ? undefined : Actor
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
    ? FileResult
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

function invalid(error: z.ZodError, where: string): AppError {
  const issue = error.issues[0]
  const path = issue?.path.length ? `${where}.${issue.path.join('.')}` : where
  return new AppError('request.invalid', `${path}: ${issue?.message ?? 'is invalid'}`)
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined
  const result = schema.safeParse(value)
  if (!result.success) throw invalid(result.error, where)
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

/**
 * The organization a plan-gated call acts for: `organizationId` in the query or the JSON body (the contracts
 * test makes every gated route declare one). Missing or malformed → 400 before anything else is revealed.
 */
function organizationIdOf(event: Event, body: unknown): string {
  const fromBody =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).organizationId : undefined
  const candidate = event.queryStringParameters?.organizationId ?? fromBody
  const parsed = UlidSchema.safeParse(candidate)
  if (!parsed.success)
    throw new AppError('request.invalid', 'organizationId: this call needs the organization id.')
  return parsed.data
}

export interface FileResult {
  filename: string
  content: string
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

/**
 * One Lambda per endpoint group: the route table (contracts) decides which handler runs, how the request is
 * validated and whether a signed-in, non-suspended account is required. Every handler gets parsed input and
 * returns plain data; errors become `{ error: { code, message } }` here and nowhere else.
 */
export function endpointGroup<G extends EndpointGroup>(
  group: G,
  handlers: GroupHandlers<G>,
  /** Tests only: serve these routes instead of the group's own (e.g. a probe route with a plan feature). */
  routeList: readonly RouteEntry[] = routesOfGroup(group),
) {
  const table = new Map(routeList.map((route) => [routeKey(route), route]))
  const parseJson = httpJsonBodyParser().before as unknown as (request: { event: Event }) => void
  const states = new WeakMap<Context, State>()

  const core = async (event: Event, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const route = table.get(event.routeKey)
    if (!route) throw new AppError('route.not_found', `No route ${event.routeKey}.`)
    const log = baseLog.child({ requestId: context.awsRequestId, route: route.id })
    states.set(context, { route, log, started: Date.now() })

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
      parseJson({ event })
      body = event.body
    } else if (event.body?.trim()) {
      throw new AppError('request.invalid', 'This call takes no request body.')
    }

    let actor: Actor | undefined
    if (!route.public) {
      actor = actorFromEvent(event)
      log.debug('actor', { accountId: actor.accountId })
      if (!route.allowSuspended) await requireActiveAccount(actor)
      if (route.admin) requireOperator(actor)
      // Plan gating comes before validation, so a locked feature answers the same whatever was sent.
      if (route.feature) {
        await requireFeature(actor, organizationIdOf(event, body), route.feature)
      }
    }

    if (!route.rawBody) body = parsePart(route.body, body, 'body')
    const params = parsePart(route.params, event.pathParameters ?? {}, 'path')
    const query = parsePart(route.query, event.queryStringParameters ?? {}, 'query')

    const handler = (handlers as unknown as Record<string, (input: unknown) => Promise<unknown>>)[route.id]
    if (!handler) throw new AppError('route.not_found', `No handler for ${route.id}.`)
    const result = await handler({ actor, params, query, body, log, event })
    if (route.status === 204) return { statusCode: 204, headers: { 'cache-control': 'no-store' } }
    if (route.produces) return fileResponse(route.produces, result as FileResult)
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
