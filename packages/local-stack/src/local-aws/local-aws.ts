import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import { closeServer, listen } from '../http/listen'
import { readBody } from '../http/read-body'
import { handleConsole } from './console/console'
import type { LocalAwsContext } from './context'
import { handleControl } from './control'
import { Faults } from './faults'
import { isAllowed } from './iam'
import { customerSecretsKey, handleKms, openKmsKeys } from './kms'
import { AwsError, accessDenied, type Protocol, sendAwsError, sendJson, statusForCode } from './protocol'
import { demoCredentials, seedAccounts } from './registry'
import { authenticate, parseJson } from './request-auth'
import { type DeliverTarget, LocalScheduler, SCHEDULER_OPERATIONS } from './scheduler'
import { AcceptLog } from './ses/accept-log'
import { matchOperation } from './ses/operations'
import { answerSes } from './ses/serve-ses'
import { parseAuthorization } from './sigv4'
import { SnsDeliveries } from './sns/deliveries'
import { handleSns, handleSnsLink, SNS_VERSION } from './sns/handle-sns'
import { openSnsSigner, SIGNING_CERT_PATH } from './sns/signing'
import { openState } from './state'
import { handleSts, STS_ACTIONS } from './sts'
import { ControlPlaneThrottle } from './throttle'

const MAX_BODY_BYTES = 40 * 1024 * 1024

/** The stand-in's mailbox (viewer page, its JSON and actions). */
const MAILBOX_PATHS = new Set(['/', '/store', '/get-emlContent', '/clear-store', '/health-check'])

export interface LocalAwsOptions {
  /** 0 picks a free port. */
  port: number
  /** aws-ses-v2-local's URL. */
  upstreamUrl: string
  /** `<dataDir>/aws/state.json`, `<dataDir>/aws/kms-keys.json` and `<dataDir>/aws/sns-signing.json`. */
  stateFile: string
  keysFile: string
  snsSigningFile: string
  platformAccountId: string
  platformCredentials: { accessKeyId: string; secretAccessKey: string }
  demoAccountId: string
  region: string
  log: (line: string) => void
  /** Where a due EventBridge Scheduler schedule delivers (the local stack: its SQS queues); none: schedules fail. */
  scheduleTarget?: DeliverTarget
}

export interface LocalAws {
  /** The SES v2, STS, KMS and SNS endpoint (`AWS_ENDPOINT_URL_SESV2`, `_STS`, `_KMS`, `_SNS`). */
  url: string
  mailboxUrl: string
  mailboxApiUrl: string
  consoleUrl: string
  kmsKey: { id: string; alias: string; arn: string }
  /** The seeded customer's IAM user and its access key. */
  demoAccount: { accountId: string; userName: string; accessKeyId: string; secretAccessKey: string }
  stop(): Promise<void>
}

/**
 * The local AWS the product's SDK clients talk to: SES v2, STS, KMS and SNS on one port, each request
 * authenticated by its SigV4 signature as the IAM principal its access key belongs to, with per-account SES and
 * SNS state. SES publishes events to SNS topics, whose HTTP/S subscribers get signed deliveries. Delivery and
 * the mailbox are aws-ses-v2-local's; the console and the test controls are served here too.
 */
export async function startLocalAws(options: LocalAwsOptions): Promise<LocalAws> {
  const state = openState(options.stateFile)
  seedAccounts(state.data, options)
  state.flush()
  const snsSigner = await openSnsSigner(options.snsSigningFile)
  const context: LocalAwsContext = {
    state,
    keys: openKmsKeys(options.keysFile, options.platformAccountId, options.region),
    throttle: new ControlPlaneThrottle(),
    faults: new Faults(),
    accepted: new AcceptLog(),
    scheduler: new LocalScheduler(
      () => {
        state.data.schedules ??= {}
        return state.data.schedules
      },
      options.scheduleTarget ??
        (async (target) => {
          throw new Error(`no local target for ${target.Arn}`)
        }),
      options.log,
    ),
    snsSigner,
    sns: new SnsDeliveries({ signer: snsSigner, publicUrl: () => context.publicUrl, log: options.log }),
    upstreamUrl: options.upstreamUrl,
    publicUrl: '',
    platformAccountId: options.platformAccountId,
    region: options.region,
    log: options.log,
  }

  const server = createServer((request, response) => {
    handle(context, request, response).catch((error: unknown) => {
      options.log(`local AWS: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      if (!response.headersSent)
        sendAwsError(response, 'ses', new AwsError(500, 'InternalServiceErrorException', 'Internal error'))
      else response.end()
    })
  })
  // EventBridge Scheduler's clock: due one-time schedules run within a second.
  let ticking = false
  const timer = setInterval(() => {
    if (ticking) return
    ticking = true
    context.scheduler
      .tick()
      .then((ran) => {
        if (ran > 0) state.save()
      })
      .finally(() => {
        ticking = false
      })
  }, 1000)
  timer.unref()
  const port = await listen(server, options.port, options.port === 0 ? undefined : 'ses')
  const url = `http://localhost:${port}`
  context.publicUrl = url
  return {
    url,
    mailboxUrl: `${url}/`,
    mailboxApiUrl: `${url}/store`,
    consoleUrl: `${url}/console`,
    kmsKey: customerSecretsKey(context.keys),
    demoAccount: demoCredentials(state.data, options.demoAccountId),
    async stop() {
      clearInterval(timer)
      context.sns.stop()
      await closeServer(server)
      state.flush()
    },
  }
}

async function handle(
  context: LocalAwsContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const method = request.method ?? 'GET'
  if (url.pathname.startsWith('/_local-aws/')) return handleControl(context, request, response, url)
  if (url.pathname === '/console' || url.pathname.startsWith('/console/'))
    return handleConsole(context, request, response, url)
  if (method === 'GET' && url.pathname === SIGNING_CERT_PATH) {
    response.writeHead(200, { 'content-type': 'application/x-pem-file' })
    response.end(context.snsSigner.certificatePem)
    return
  }
  if (method === 'GET' && url.pathname === '/' && url.searchParams.has('Action'))
    return answerSnsLink(context, response, url)

  const target = request.headers['x-amz-target']
  if (typeof target === 'string') {
    if (target.startsWith('TrentService.'))
      return serve(context, request, response, url, 'kms', target.slice(13))
    return sendAwsError(
      response,
      'kms',
      new AwsError(400, 'UnknownOperationException', `Unknown target ${target}`),
    )
  }

  const contentType = String(request.headers['content-type'] ?? '')
  if (
    method === 'POST' &&
    url.pathname === '/' &&
    contentType.startsWith('application/x-www-form-urlencoded')
  ) {
    const body = await readBody(request, MAX_BODY_BYTES)
    if (!body.ok)
      return sendAwsError(response, 'sts', new AwsError(413, 'RequestEntityTooLarge', 'Request too large'))
    const form = new URLSearchParams(body.body.toString('utf8'))
    const action = form.get('Action') ?? ''
    const service = parseAuthorization(String(request.headers.authorization ?? ''))?.service
    if (STS_ACTIONS.has(action) || service === 'sts')
      return serve(context, request, response, url, 'sts', action, body.body)
    if (service === 'sns' || form.get('Version') === SNS_VERSION)
      return serve(context, request, response, url, 'sns', action, body.body)
    // SES v1 (SendEmail, SendRawEmail) stays aws-ses-v2-local's.
    return forward(context, request, response, body.body)
  }
  if (MAILBOX_PATHS.has(url.pathname)) {
    const body = await readBody(request, MAX_BODY_BYTES)
    return forward(context, request, response, body.ok ? body.body : Buffer.alloc(0))
  }

  const schedule = /^\/schedules\/([^/]+)$/.exec(url.pathname)
  if (schedule && SCHEDULER_OPERATIONS[method])
    return serve(context, request, response, url, 'scheduler', SCHEDULER_OPERATIONS[method], undefined, {
      Name: decodeURIComponent(schedule[1] ?? ''),
    })

  const operation = matchOperation(method, url.pathname)
  if (!operation)
    return sendAwsError(
      response,
      'ses',
      new AwsError(404, 'UnknownOperationException', `No SES v2 operation at ${method} ${url.pathname}`),
    )
  return serve(context, request, response, url, 'ses', operation.name, undefined, operation.params)
}

/** Authenticate, apply faults, authorize, throttle, answer — in the caller's protocol. */
async function serve(
  context: LocalAwsContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  protocol: Protocol,
  operation: string,
  readAlready?: Buffer,
  params: Record<string, string> = {},
): Promise<void> {
  let body = readAlready
  if (!body) {
    const read = await readBody(request, MAX_BODY_BYTES)
    if (!read.ok)
      return sendAwsError(response, protocol, new AwsError(413, 'BadRequestException', 'Request too large'))
    body = read.body
  }
  try {
    const now = Date.now()
    const { principal, region } = await authenticate(context, protocol, request, url, body, now)
    const form =
      protocol === 'sts' || protocol === 'sns' ? new URLSearchParams(body.toString('utf8')) : undefined
    const roleAccount = /^arn:aws:iam::(\d{12}):/.exec(form?.get('RoleArn') ?? '')?.[1]
    const fault = context.faults.take(
      roleAccount ? [principal.accountId, roleAccount] : [principal.accountId],
      protocol,
      operation,
    )
    if (fault) {
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
      throw new AwsError(
        fault.status ?? statusForCode(fault.error),
        fault.error,
        fault.message ??
          (fault.error.startsWith('TooManyRequests') ? 'Too Many Requests' : `Injected ${fault.error}`),
      )
    }

    if (protocol === 'sns') {
      const xml = handleSns(context.state.data, context.sns, {
        action: operation,
        params: form ?? new URLSearchParams(),
        principal,
        region,
      })
      context.state.save()
      response.writeHead(200, { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID() })
      response.end(xml)
      return
    }
    if (protocol === 'sts') {
      const xml = handleSts(context.state.data, operation, form ?? new URLSearchParams(), principal, now)
      context.state.save()
      response.writeHead(200, { 'content-type': 'text/xml' })
      response.end(xml)
      return
    }
    const input = parseJson(body, protocol)
    if (protocol === 'scheduler') {
      if (!isAllowed(principal, `scheduler:${operation}`))
        throw accessDenied('scheduler', principal.arn, `scheduler:${operation}`)
      const answer = context.scheduler.handle(
        { accountId: principal.accountId, region },
        request.method ?? 'GET',
        params.Name ?? '',
        url.searchParams,
        input,
      )
      context.state.save()
      return sendJson(response, 200, answer)
    }
    if (protocol === 'kms') {
      const answer = handleKms(context.keys, operation, input, principal, region)
      return sendJson(response, 200, answer, 'application/x-amz-json-1.1')
    }

    const answer = await answerSes(context, request, {
      operation,
      params,
      url,
      input,
      principal,
      region,
      now,
    })
    if (answer === 'lost') return
    sendJson(response, 200, answer)
  } catch (error) {
    if (!(error instanceof AwsError)) throw error
    context.state.save()
    sendAwsError(response, protocol, error)
  }
}

/** The SubscribeURL and UnsubscribeURL of SNS's messages: plain GETs, no credentials, XML answers. */
function answerSnsLink(context: LocalAwsContext, response: ServerResponse, url: URL): void {
  try {
    const xml = handleSnsLink(context.state.data, context.sns, url.searchParams)
    context.state.save()
    response.writeHead(200, { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID() })
    response.end(xml)
  } catch (error) {
    if (!(error instanceof AwsError)) throw error
    sendAwsError(response, 'sns', error)
  }
}

async function forward(
  context: LocalAwsContext,
  request: IncomingMessage,
  response: ServerResponse,
  body: Buffer,
): Promise<void> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
    ),
  )
  const upstream = await fetch(`${context.upstreamUrl}${request.url ?? '/'}`, {
    method: request.method,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
  })
  response.writeHead(upstream.status, {
    'content-type': upstream.headers.get('content-type') ?? 'application/json',
  })
  response.end(Buffer.from(await upstream.arrayBuffer()))
}
