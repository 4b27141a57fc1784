import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRemoteJWKSet, errors, jwtVerify } from 'jose'
import { closeServer, listen } from '../http/listen'
import { readBody } from '../http/read-body'
import { CognitoFailure } from './cognito-errors'
import { type CognitoMessage, createCognitoUpstream } from './cognito-upstream'
import { type OperationContext, runOperation } from './proxy-operations'

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.'
const MAX_BODY_BYTES = 1024 * 1024

export interface CognitoProxyOptions {
  port: number
  /** cognito-local's URL. */
  upstreamUrl: string
  userPoolId: string
  /** Token issuer: `<this proxy's URL>/<userPoolId>`. */
  issuer: string
  log: (line: string) => void
}

export interface CognitoProxy {
  url: string
  stop(): Promise<void>
}

/**
 * The Cognito endpoint everyone uses locally (browser, SDK in handlers, tests): cognito-local behind
 * Cognito's real rules, error shapes and CORS. See proxy-operations.ts for what it changes.
 */
export async function startCognitoProxy(options: CognitoProxyOptions): Promise<CognitoProxy> {
  const upstream = createCognitoUpstream(options.upstreamUrl)
  const jwks = createRemoteJWKSet(
    new URL(`${options.upstreamUrl}/${options.userPoolId}/.well-known/jwks.json`),
  )
  const context: OperationContext = {
    upstream,
    userPoolId: options.userPoolId,
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer: options.issuer, algorithms: ['RS256'] })
        if (payload.token_use !== 'access') throw new Error('not an access token')
      } catch (error) {
        throw new CognitoFailure(
          'NotAuthorizedException',
          error instanceof errors.JWTExpired ? 'Access Token has expired' : 'Invalid Access Token',
        )
      }
    },
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`cognito proxy: ${error instanceof Error ? error.message : String(error)}`)
      if (!response.headersSent)
        sendFailure(response, new CognitoFailure('InternalErrorException', 'Internal error', 500))
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    setCors(request, response)
    if (request.method === 'OPTIONS') {
      response.writeHead(200, { 'content-length': '0' }).end()
      return
    }
    const target = request.headers['x-amz-target']
    if (request.method === 'POST' && typeof target === 'string' && target.startsWith(TARGET_PREFIX)) {
      const body = await readBody(request, MAX_BODY_BYTES)
      let input: CognitoMessage
      try {
        input = body.ok ? (JSON.parse(body.body.toString('utf8') || '{}') as CognitoMessage) : {}
      } catch {
        return sendFailure(response, new CognitoFailure('SerializationException', 'Malformed request body'))
      }
      const operation = target.slice(TARGET_PREFIX.length)
      try {
        sendJson(response, 200, await runOperation(operation, input, context))
      } catch (error) {
        if (!(error instanceof CognitoFailure)) throw error
        sendFailure(response, error)
      }
      return
    }
    if (
      request.method === 'GET' &&
      request.url === `/${options.userPoolId}/.well-known/openid-configuration`
    ) {
      sendJson(response, 200, {
        issuer: options.issuer,
        jwks_uri: `${options.issuer}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
        response_types_supported: ['code', 'token'],
      })
      return
    }
    await passThrough(request, response, options.upstreamUrl)
  }

  const port = await listen(server, options.port, 'cognito')
  return { url: `http://localhost:${port}`, stop: () => closeServer(server) }
}

function setCors(request: IncomingMessage, response: ServerResponse): void {
  // Cognito's API answers any origin; the browser needs the SDK's headers allowed and errors readable.
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
  response.setHeader(
    'access-control-allow-headers',
    request.headers['access-control-request-headers'] ?? 'content-type, x-amz-target, x-amz-user-agent',
  )
  response.setHeader(
    'access-control-expose-headers',
    'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  )
  response.setHeader('access-control-max-age', '86400')
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-requestid': randomUUID(),
  })
  response.end(JSON.stringify(body))
}

function sendFailure(response: ServerResponse, failure: CognitoFailure): void {
  response.setHeader('x-amzn-errortype', `${failure.type}:`)
  response.setHeader('x-amzn-errormessage', failure.message)
  sendJson(response, failure.status, { __type: failure.type, message: failure.message })
}

async function passThrough(
  request: IncomingMessage,
  response: ServerResponse,
  upstreamUrl: string,
): Promise<void> {
  const body = await readBody(request, MAX_BODY_BYTES)
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
    ),
  )
  const upstream = await fetch(`${upstreamUrl}${request.url ?? '/'}`, {
    method: request.method,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' || !body.ok ? undefined : body.body,
    redirect: 'manual',
  })
  const contentType = upstream.headers.get('content-type')
  const location = upstream.headers.get('location')
  response.writeHead(upstream.status, {
    ...(contentType ? { 'content-type': contentType } : {}),
    ...(location ? { location } : {}),
  })
  response.end(Buffer.from(await upstream.arrayBuffer()))
}
