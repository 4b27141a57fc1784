import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { closeServer, listen } from '../http/listen'
import { readBody } from '../http/read-body'
import { answerGetAccount } from './local-account'
import { matchOperation } from './operations'
import { errorTypeForStatus, sendSesError } from './ses-errors'

const MAX_BODY_BYTES = 40 * 1024 * 1024

/** Operations aws-ses-v2-local implements faithfully enough to pass through. */
const PASSED_THROUGH = new Set([
  'SendEmail',
  'SendBulkEmail',
  'CreateEmailTemplate',
  'ListEmailTemplates',
  'GetEmailTemplate',
  'UpdateEmailTemplate',
  'DeleteEmailTemplate',
  'TestRenderEmailTemplate',
])

/** The stand-in's mailbox (viewer page, its JSON and actions); `POST /` is SES v1, passed through too. */
const MAILBOX_PATHS = new Set(['/', '/store', '/get-emlContent', '/clear-store', '/health-check'])

export interface SesGatewayOptions {
  port: number
  /** aws-ses-v2-local's URL. */
  upstreamUrl: string
  log: (line: string) => void
}

export interface SesGateway {
  /** The SESv2 endpoint (`AWS_ENDPOINT_URL_SESV2`). */
  url: string
  mailboxUrl: string
  mailboxApiUrl: string
  stop(): Promise<void>
}

/**
 * The SES v2 endpoint everyone uses locally. It names each call, passes what aws-ses-v2-local does well
 * through (normalising its errors into SES's shape), answers the rest itself or with SES-shaped errors, and
 * serves the stand-in's mailbox at its root.
 */
export async function startSesGateway(options: SesGatewayOptions): Promise<SesGateway> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`ses gateway: ${error instanceof Error ? error.message : String(error)}`)
      if (!response.headersSent)
        sendSesError(response, 500, 'InternalServiceErrorException', 'Internal error')
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const method = request.method ?? 'GET'
    if (MAILBOX_PATHS.has(url.pathname)) return forward(request, response, false)

    const operation = matchOperation(method, url.pathname)
    if (!operation) {
      return sendSesError(
        response,
        404,
        'UnknownOperationException',
        `No SES v2 operation at ${method} ${url.pathname}`,
      )
    }
    if (operation.name === 'GetAccount') return answerGetAccount(response, await sentLast24Hours())
    if (PASSED_THROUGH.has(operation.name)) return forward(request, response, true)
    sendSesError(
      response,
      400,
      'BadRequestException',
      `${operation.name} is not available in the local SES gateway yet.`,
    )
  }

  async function forward(request: IncomingMessage, response: ServerResponse, sesApi: boolean): Promise<void> {
    const body = await readBody(request, MAX_BODY_BYTES)
    if (!body.ok) return sendSesError(response, 413, 'BadRequestException', 'Request too large')
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    )
    const upstream = await fetch(`${options.upstreamUrl}${request.url ?? '/'}`, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body.body,
    })
    const payload = Buffer.from(await upstream.arrayBuffer())
    if (sesApi && !upstream.ok)
      return sendSesError(response, upstream.status, ...describeStandInError(upstream.status, payload))
    response.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    })
    response.end(payload)
  }

  async function sentLast24Hours(): Promise<number> {
    const since = Math.floor(Date.now() / 1000) - 24 * 60 * 60
    const answer = await fetch(`${options.upstreamUrl}/store?since=${since}`)
    const { emails } = (await answer.json()) as { emails: { destination: Record<string, string[]> }[] }
    return emails.reduce((sum, email) => sum + Object.values(email.destination).flat().length, 0)
  }

  const port = await listen(server, options.port, 'ses')
  const url = `http://localhost:${port}`
  return { url, mailboxUrl: `${url}/`, mailboxApiUrl: `${url}/store`, stop: () => closeServer(server) }
}

/** aws-ses-v2-local answers `{ type?, message, detail? }` with its own prefix; SES says `{ message }`. */
function describeStandInError(status: number, payload: Buffer): [type: string, message: string] {
  let parsed: { type?: unknown; message?: unknown; detail?: unknown } = {}
  try {
    parsed = JSON.parse(payload.toString('utf8'))
  } catch {
    // not JSON: keep the generic description below
  }
  const type = typeof parsed.type === 'string' ? parsed.type : errorTypeForStatus(status)
  const detail =
    typeof parsed.detail === 'string' ? parsed.detail.replace(/^aws-ses-v2-local: /, '') : undefined
  const message = detail ?? (typeof parsed.message === 'string' ? parsed.message : 'Request failed')
  return [type, message]
}
