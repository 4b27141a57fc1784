import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { closeServer, listen } from '../http/listen'
import { readBody } from '../http/read-body'
import { handleApi } from './api/handle-api'
import { seedCatalogue } from './catalogue'
import type { StandInContext } from './context'
import { WebhookDeliveries } from './deliveries'
import { eventEmitter } from './events'
import { handlePage } from './pages/handle-page'
import { Store } from './store'

export interface StripeStandInOptions {
  /** 0 picks a free port. */
  port: number
  secretKey: string
  webhookSecret: string
  /** Where events are POSTed; null records them without delivering. */
  webhookUrl: string | null
  /** Saved state (`<dataDir>/stripe/state.json`); unset keeps everything in memory. */
  stateFile?: string
  /** The origin browsers use for the hosted pages (default `http://localhost:<port>`). */
  publicUrl?: string
  log: (line: string) => void
  /** Delivery retry timing (tests make it short). */
  delivery?: { attempts?: number; firstRetryMs?: number }
}

export interface StripeStandIn {
  /** The API origin for the SDK: `http://127.0.0.1:<port>`. */
  apiUrl: string
  /** Hosted pages' origin: `http://localhost:<port>`. */
  publicUrl: string
  port: number
  stop(): Promise<void>
}

/**
 * The Stripe API subset the product uses, the hosted Checkout / Billing portal / invoice pages, and signed
 * webhook deliveries, on one local port. The catalogue is seeded from the plan catalogue on first start.
 */
export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const store = Store.open(options.stateFile)
  if (store.isEmpty) seedCatalogue(store)
  const deliveries = options.webhookUrl
    ? new WebhookDeliveries({
        store,
        url: options.webhookUrl,
        secret: options.webhookSecret,
        log: options.log,
        ...options.delivery,
      })
    : null
  const context: StandInContext = {
    store,
    emit: eventEmitter(store, deliveries ? (event) => deliveries.enqueue(event) : null),
    publicUrl: '',
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    if (path.startsWith('/v1/')) return handleApi(request, response, context, options)
    if (path.startsWith('/_stand-in/')) return handleControl(request, response, path, deliveries)
    if (path === '/' || path === '/health')
      return sendJson(response, 200, { ok: true, service: 'stripe-stand-in' })
    if (!(await handlePage(request, response, context)))
      sendJson(response, 404, { error: { message: 'Not found' } })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(
        `Stripe stand-in: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      if (!response.headersSent)
        sendJson(response, 500, { error: { type: 'api_error', message: 'Internal error' } })
      else response.end()
    })
  })
  const port = await listen(server, options.port, options.port === 0 ? undefined : 'stripe')
  const publicUrl = options.publicUrl ?? `http://localhost:${port}`
  context.publicUrl = publicUrl
  store.flush()
  deliveries?.resume()

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    publicUrl,
    port,
    async stop() {
      await closeServer(server)
      await deliveries?.stop()
      store.flush()
    },
  }
}

/** `GET /_stand-in/deliveries` (for tests: wait until nothing is pending), `POST …/replay` `{ eventId }`. */
async function handleControl(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  deliveries: WebhookDeliveries | null,
): Promise<void> {
  if (path === '/_stand-in/deliveries' && request.method === 'GET')
    return sendJson(response, 200, deliveries?.status() ?? { webhookUrl: null, pending: 0, deliveries: [] })
  if (path === '/_stand-in/deliveries/replay' && request.method === 'POST') {
    const body = await readBody(request, 16 * 1024)
    let eventId: unknown
    try {
      eventId = body.ok
        ? (JSON.parse(body.body.toString('utf8')) as { eventId?: unknown }).eventId
        : undefined
    } catch {
      eventId = undefined
    }
    if (typeof eventId !== 'string')
      return sendJson(response, 400, { error: { message: 'Send {"eventId": "evt_…"}.' } })
    if (!deliveries) return sendJson(response, 409, { error: { message: 'No webhook URL is configured.' } })
    if (!deliveries.replay(eventId))
      return sendJson(response, 404, { error: { message: `No such event: '${eventId}'` } })
    return sendJson(response, 202, { queued: eventId })
  }
  sendJson(response, 404, { error: { message: 'Not found' } })
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body, null, 2))
}
