import {
  apiUrl,
  bearerAuthorization,
  buildPath,
  IDEMPOTENCY_KEY_HEADER,
  queryString,
  type RouteDefinition,
  type RouteEntry,
  type RouteRequest,
  type RouteRequestArgs,
  type RouteResponse,
} from '@app/contracts'
import { version } from '../package.json'
import { ApiError, errorOfResponse } from './api-error'
import { type PublicRoute, type PublicRouteId, publicRoutes } from './public-routes'
import { isRetryable, type RetryOptions, retryDelayMs, sleep } from './retry'

export interface ClientOptions {
  /** Where SES Studio is served (`https://studio.example.com`, or the local stack's API URL); routes add `/api/v1/…`. */
  baseUrl: string
  /** The organization's API key (`ssk_live_…`), sent as `Authorization: Bearer …`. */
  apiKey: string
  /** The `fetch` to call with (Node 20+, browsers and Deno have one; default: the global one). */
  fetch?: typeof globalThis.fetch
  /** Sent as `User-Agent` (default `@ses-studio/client/<version>` outside browsers; browsers send their own). */
  userAgent?: string
  /** Retry 429s and 5xx of calls safe to repeat; off unless given (`true`: 2 retries). */
  retry?: boolean | RetryOptions
}

/** `idempotencyKey` (sent as `Idempotency-Key`) on the routes that honour one: the API replays the first answer. */
type IdempotencyOption<R extends RouteDefinition> = R extends { idempotent: true }
  ? { idempotencyKey?: string }
  : { idempotencyKey?: never }

/** A call's input: `params`, `query` and `body` typed from the route's schemas, an idempotency key, a signal. */
export type CallOptions<R extends RouteDefinition> = RouteRequest<R> & IdempotencyOption<R>

/** One route as a method: resolves to the route's response (its schema's output), throws `ApiError`. */
export type RouteMethod<R extends RouteDefinition> = (
  ...args: RouteRequestArgs<R, CallOptions<R>>
) => Promise<RouteResponse<R>>

/** The public API, one method per route, named by the route's id (`listPublicCampaigns`, …). */
export type Client = { [Id in PublicRouteId]: RouteMethod<PublicRoute<Id>> }

interface Input {
  params?: Record<string, string>
  query?: object
  body?: unknown
  idempotencyKey?: string
  signal?: AbortSignal
}

/** Methods whose repeat changes nothing more: retried without a key; a POST only with its `Idempotency-Key`. */
const REPEATABLE = new Set(['GET', 'PUT', 'DELETE'])

export function createClient(options: ClientOptions): Client {
  if (!options.apiKey) throw new TypeError('createClient: apiKey is required')
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin ?? options.baseUrl
  const fetcher = options.fetch ?? globalThis.fetch
  if (typeof fetcher !== 'function') throw new TypeError('createClient: no fetch available; pass `fetch`')
  const retry = options.retry === true ? {} : options.retry || null
  // A browser sends its own (a header of ours would also need the API's CORS to allow it).
  const inBrowser = typeof (globalThis as { document?: unknown }).document !== 'undefined'
  const userAgent = options.userAgent ?? (inBrowser ? undefined : `@ses-studio/client/${version}`)

  async function send(route: RouteEntry, input: Input): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: bearerAuthorization(options.apiKey),
    }
    if (userAgent) headers['user-agent'] = userAgent
    if (input.body !== undefined) headers['content-type'] = 'application/json'
    if (input.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = input.idempotencyKey
    const url = apiUrl(
      options.baseUrl,
      buildPath(route.path, input.params) + queryString(input.query),
      origin,
    )
    let response: Response
    try {
      response = await fetcher(url, {
        method: route.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal: input.signal,
      })
    } catch (error) {
      if (input.signal?.aborted) throw error
      throw new ApiError(0, 'network.unreachable', `Could not reach ${url}: ${String(error)}`)
    }
    if (!response.ok) throw await errorOfResponse(response)
    return response
  }

  async function call(route: RouteEntry, input: Input): Promise<unknown> {
    const repeatable = REPEATABLE.has(route.method) || input.idempotencyKey !== undefined
    for (let attempt = 1; ; attempt++) {
      try {
        return await answerOf(route, await send(route, input))
      } catch (error) {
        const delay =
          retry && repeatable && isRetryable(error) && attempt <= (retry.retries ?? 2)
            ? retryDelayMs(error as ApiError, attempt, retry)
            : null
        if (delay === null) throw error
        await sleep(delay, input.signal)
      }
    }
  }

  const client: Record<string, (input?: Input) => Promise<unknown>> = {}
  for (const route of publicRoutes()) client[route.id] = (input) => call(route, input ?? {})
  return client as unknown as Client
}

/** The body of a success, checked by the route's response schema (204: nothing). */
async function answerOf(route: RouteEntry, response: Response): Promise<unknown> {
  if (response.status === 204 || !route.response) return undefined
  const parsed = route.response.safeParse(await response.json().catch(() => null))
  if (parsed.success) return parsed.data
  throw new ApiError(
    response.status,
    'response.invalid',
    `The answer of ${route.method} ${route.path} does not match this client's contract: ${parsed.error.message}`,
  )
}
