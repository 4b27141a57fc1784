import type { RouteEntry } from '@app/contracts'
import type { ApiKeyActor, Logger, OrganizationContext, UserActor } from '@app/core'
import type { AccountRecord } from '@app/core/accounts/public'
import type { IdempotencyClaim } from '@app/core/platform/idempotency'
import type { MiddlewareObj, Request } from '@middy/core'
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda'

export type Event = APIGatewayProxyEventV2WithJWTAuthorizer
export type ApiResponse = APIGatewayProxyStructuredResultV2
export type PipelineRequest = Request<Event, ApiResponse, Error, Context>
/** One named step of an endpoint group's request pipeline (a middy middleware). */
export type Step = MiddlewareObj<Event, ApiResponse, Error, Context> & { name: string }

/**
 * One call as the pipeline's steps fill it in, in order: the route and log (`matchRoute`), the body as sent
 * (`parse`), the caller and account (`authenticate`), the organization context (`organization`), the validated
 * params, query and body (`validate`), the idempotency claim (`idempotency`); `respond` hands it to the route's
 * handler.
 */
export interface Call {
  route: RouteEntry
  log: Logger
  started: number
  /** The JSON body parsed, or the raw text of a raw-body route, as sent; never replaced (fingerprints read it). */
  sent: unknown
  /** `sent` until `validate`, then the validated body. */
  body: unknown
  params?: unknown
  query?: unknown
  actor?: UserActor | ApiKeyActor
  account?: AccountRecord
  /**
   * A signed-in call naming its organization reads profile, member and organization at once: the active-account
   * check waits for the organization step.
   */
  accountWithContext: boolean
  context?: OrganizationContext
  idempotency?: IdempotencyClaim
  /** Headers every answer of the call carries, whichever step answers it (the rate limit's `RateLimit-*`). */
  headers?: Record<string, string>
}

// Keyed by the event: every invocation gets its own (a Lambda context object may be reused by test harnesses).
const calls = new WeakMap<Event, Call>()

export function startCall(event: Event, call: Call): Call {
  calls.set(event, call)
  return call
}

/** The call a step works on; only steps after `matchRoute` ask (a missing call is a pipeline bug). */
export function callOf(event: Event): Call {
  const call = calls.get(event)
  if (!call) throw new Error('No call for this event: matchRoute runs first')
  return call
}

export function findCall(event: Event): Call | undefined {
  return calls.get(event)
}

/** A request header by name, whatever its case. */
export function headerOf(event: Pick<Event, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase()
  return Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === wanted)?.[1]
}
