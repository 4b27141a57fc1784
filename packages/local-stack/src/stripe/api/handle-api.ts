import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readBody } from '../../http/read-body'
import type { StandInContext } from '../context'
import { API_VERSION } from '../events'
import { newId } from '../ids'
import { customerRoutes } from './customers'
import { StripeApiError, type StripeErrorBody } from './errors'
import { expand } from './expand'
import { invoiceRoutes } from './invoices'
import { Params } from './params'
import { priceRoutes } from './prices'
import { routeTable } from './router'
import { sessionRoutes } from './sessions'
import { subscriptionRoutes } from './subscriptions'

const MAX_BODY_BYTES = 1024 * 1024
/** Stripe keeps idempotency keys for 24 hours. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

const match = routeTable([
  ...customerRoutes,
  ...priceRoutes,
  ...sessionRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
])

export interface ApiOptions {
  secretKey: string
  log: (line: string) => void
}

/** `/v1/…`: Bearer auth, form parameters, `Idempotency-Key`, `expand[]`, Stripe's JSON errors. */
export async function handleApi(
  request: IncomingMessage,
  response: ServerResponse,
  context: StandInContext,
  options: ApiOptions,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const method = request.method ?? 'GET'
  const send = (status: number, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req', 14),
      'stripe-version': API_VERSION,
      ...headers,
    })
    response.end(body)
  }
  const fail = (status: number, error: StripeErrorBody) => send(status, JSON.stringify({ error }, null, 2))

  const auth = authenticate(request.headers.authorization, options.secretKey)
  if (auth) return fail(401, auth)

  const body =
    method === 'POST' ? await readBody(request, MAX_BODY_BYTES) : { ok: true as const, body: Buffer.alloc(0) }
  if (!body.ok) return fail(413, { type: 'invalid_request_error', message: 'Request body too large.' })
  const text = method === 'POST' ? body.body.toString('utf8') : url.search.slice(1)

  const idempotencyKey = method === 'POST' ? headerValue(request.headers['idempotency-key']) : null
  const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${text}`).digest('hex')
  if (idempotencyKey) {
    const earlier = context.store.state.idempotency[idempotencyKey]
    if (earlier && earlier.fingerprint !== fingerprint)
      return fail(400, {
        type: 'idempotency_error',
        message:
          'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
          `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      })
    if (earlier)
      return send(earlier.status, earlier.body, {
        'idempotency-key': idempotencyKey,
        'idempotent-replayed': 'true',
      })
  }

  let status = 200
  let payload: string
  try {
    const found = match(method, url.pathname)
    if (!found)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname}). The local Stripe stand-in implements a subset of the API; see packages/local-stack/README.md.`,
      })
    const params = Params.parse(text)
    const result = found.route.handler({ params, path: found.path }, context)
    const paths = params.strings('expand') ?? []
    payload = JSON.stringify(paths.length > 0 ? expand(context.store, result, paths) : result, null, 2)
  } catch (error) {
    if (!(error instanceof StripeApiError)) {
      options.log(
        `Stripe stand-in: ${method} ${url.pathname} failed: ${error instanceof Error ? error.stack : error}`,
      )
      return fail(500, {
        type: 'api_error',
        message: 'The local Stripe stand-in hit an internal error (see its log).',
      })
    }
    status = error.status
    payload = JSON.stringify({ error: error.body }, null, 2)
  }
  if (idempotencyKey)
    remember(context, idempotencyKey, { fingerprint, status, body: payload, createdAt: Date.now() })
  send(status, payload, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {})
}

function authenticate(header: string | undefined, secretKey: string): StripeErrorBody | null {
  const key = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim()
  if (!key)
    return {
      type: 'invalid_request_error',
      message:
        'You did not provide an API key. You need to provide your API key in the Authorization header, using ' +
        "Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    }
  if (key !== secretKey)
    return {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    }
  return null
}

function remember(
  context: StandInContext,
  key: string,
  entry: StandInContext['store']['state']['idempotency'][string],
) {
  const { idempotency } = context.store.state
  const cutoff = Date.now() - IDEMPOTENCY_TTL_MS
  for (const [old, earlier] of Object.entries(idempotency))
    if (earlier.createdAt < cutoff) delete idempotency[old]
  idempotency[key] = entry
  context.store.save()
}

const headerValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? null
