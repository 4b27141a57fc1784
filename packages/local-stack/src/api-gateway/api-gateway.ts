import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import {
  allowedMethods,
  GATEWAY_MAX_BODY_BYTES,
  type RouteDefinition,
  routeKey,
  usesJwtAuthorizer,
} from '@app/contracts'
import { createRouteMatcher } from '@app/contracts/route-matcher'
import { closeServer, listen } from '../http/listen'
import { readBody } from '../http/read-body'
import { loadHandler } from '../lambda/handler-module'
import { createLambdaContext } from '../lambda/lambda-context'
import { InvocationTimeout, withTimeout } from '../lambda/with-timeout'
import { errorResponse, type GatewayResponse, toGatewayResponse } from './gateway-response'
import { createJwtAuthorizer, type JwtAuthorizerConfig } from './jwt-authorizer'
import { buildProxyEvent, type GatewayRequest, newRequestId } from './proxy-event'

/** API Gateway gives up on an integration after 30 s. */
const INTEGRATION_TIMEOUT_MS = 29_000

/** A route API Gateway holds (`gatewayRoutes`: a key-only group's greedy `ANY` routes, every other route itself). */
export type GatewayRoute = Pick<RouteDefinition, 'path' | 'auth'> & { method: string; group: string }

export interface ApiGatewayOptions {
  port: number
  /** `gatewayRoutes(ROUTE_LIST)`, as the CDK stack builds them (tests may pass their own). */
  routes: readonly GatewayRoute[]
  /** Directory holding `http/<group>.ts` endpoint-group handlers (`functions/src`). */
  functionsDir: string
  authorizer: JwtAuthorizerConfig
  /** The SPA origin allowed by CORS. */
  appOrigin: string
  functionNamePrefix: string
  log: (line: string) => void
}

export interface ApiGateway {
  url: string
  stop(): Promise<void>
}

/**
 * The local HTTP API: the contracts' route table, the Cognito JWT authorizer, payload-format-2.0 events to
 * the endpoint-group handlers, and the gateway's own JSON errors.
 */
export async function startApiGateway(options: ApiGatewayOptions): Promise<ApiGateway> {
  const match = createRouteMatcher(options.routes)
  const authorize = createJwtAuthorizer(options.authorizer)
  const methods = [...new Set(options.routes.map((route) => route.method))]
    .filter((method) => method !== 'ANY')
    .join(', ')

  async function respond(request: IncomingMessage, requestId: string): Promise<GatewayResponse> {
    const method = request.method ?? 'GET'
    const url = request.url ?? '/'
    const path = url.split('?')[0] ?? '/'
    const matched = match(method, path)
    if (!matched) {
      // A known path asked with another method: 405 naming the methods it takes, as the deployed catch-all does.
      const allowed = allowedMethods(options.routes, path)
      if (allowed.length > 0)
        return errorResponse(
          405,
          'route.method_not_allowed',
          `${path} takes ${allowed.join(', ')}, not ${method}.`,
          { allow: allowed.join(', ') },
        )
      return errorResponse(404, 'route.not_found', `No route for ${method} ${path}.`)
    }

    const body = await readBody(request, GATEWAY_MAX_BODY_BYTES)
    if (!body.ok)
      return errorResponse(
        413,
        'request.too_large',
        `The request body exceeds ${GATEWAY_MAX_BODY_BYTES} bytes.`,
      )

    let claims: Record<string, string> | undefined
    if (usesJwtAuthorizer(matched.route)) {
      const verdict = await authorize(request.headers.authorization)
      if (!verdict.ok)
        return errorResponse(401, 'auth.unauthorized', 'Sign in to continue.', {
          'www-authenticate': `Bearer error="invalid_token" error_description="${verdict.description}"`,
        })
      claims = verdict.claims
    }

    const gatewayRequest: GatewayRequest = {
      method,
      url,
      headers: request.headersDistinct as Record<string, string[]>,
      body: body.body,
      sourceIp: (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
      protocol: `HTTP/${request.httpVersion}`,
      requestId,
      receivedAt: new Date(),
    }
    const event = buildProxyEvent(
      gatewayRequest,
      { routeKey: routeKey(matched.route), pathParameters: matched.pathParameters },
      claims,
    )
    const functionName = `${options.functionNamePrefix}-${matched.route.group}`
    try {
      const handler = await loadHandler(join(options.functionsDir, 'http', `${matched.route.group}.ts`))
      const context = createLambdaContext(functionName, INTEGRATION_TIMEOUT_MS)
      return toGatewayResponse(
        await withTimeout(Promise.resolve(handler(event, context)), INTEGRATION_TIMEOUT_MS),
      )
    } catch (error) {
      if (error instanceof InvocationTimeout)
        return errorResponse(503, 'internal.error', 'The function did not answer in time.')
      options.log(
        `api ${functionName} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      return errorResponse(500, 'internal.error', 'Internal Server Error')
    }
  }

  const server = createServer(async (request, response) => {
    const started = Date.now()
    const requestId = newRequestId()
    setCors(request, response)
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      response.writeHead(204, {
        'access-control-allow-methods': methods,
        'access-control-allow-headers':
          request.headers['access-control-request-headers'] ?? 'authorization, content-type',
        'access-control-max-age': '600',
      })
      response.end()
      return
    }
    const answer = await respond(request, requestId).catch((error: unknown) => {
      options.log(`api gateway: ${error instanceof Error ? error.message : String(error)}`)
      return errorResponse(500, 'internal.error', 'Internal Server Error')
    })
    write(response, answer, requestId)
    options.log(`api ${request.method} ${request.url} ${answer.statusCode} ${Date.now() - started} ms`)
  })

  function setCors(request: IncomingMessage, response: ServerResponse): void {
    if (request.headers.origin !== options.appOrigin) return
    response.setHeader('access-control-allow-origin', options.appOrigin)
    response.setHeader('vary', 'origin')
  }

  const port = await listen(server, options.port, 'api')
  return { url: `http://localhost:${port}`, stop: () => closeServer(server) }
}

function write(response: ServerResponse, answer: GatewayResponse, requestId: string): void {
  for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value)
  response.setHeader('apigw-requestid', requestId)
  response.setHeader('content-length', answer.body.length)
  response.writeHead(answer.statusCode)
  response.end(answer.body)
}
