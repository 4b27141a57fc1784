import { randomBytes } from 'node:crypto'
import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda'
import { LOCAL_ACCOUNT_ID } from '../local-names'

export const LOCAL_API_ID = 'local'

/** What the gateway knows about one HTTP request, before it becomes an event. */
export interface GatewayRequest {
  method: string
  /** Path and query exactly as sent (still percent-encoded). */
  url: string
  /** Lower-cased names, every value of repeated headers. */
  headers: Record<string, string[]>
  body: Buffer
  sourceIp: string
  protocol: string
  requestId: string
  receivedAt: Date
}

export interface MatchedRoute {
  routeKey: string
  pathParameters: Record<string, string>
}

/** Content types API Gateway passes as text; anything else arrives base64-encoded. */
const TEXT_CONTENT =
  /^(text\/|application\/([\w.+-]+\+)?(json|xml|javascript|x-www-form-urlencoded|graphql))/i

export const newRequestId = () => randomBytes(11).toString('base64').slice(0, 15).concat('=')

/**
 * The payload-format-2.0 event an HTTP API hands to a Lambda integration: cookies split out of the headers,
 * repeated headers and query parameters comma-joined, claims as strings under `authorizer.jwt`.
 */
export function buildProxyEvent(
  request: GatewayRequest,
  route: MatchedRoute,
  claims?: Record<string, string>,
): APIGatewayProxyEventV2 | APIGatewayProxyEventV2WithJWTAuthorizer {
  const [rawPath = '/', rawQueryString = ''] = splitOnce(request.url, '?')
  const headers = eventHeaders(request)
  const cookies = (request.headers.cookie ?? []).flatMap((header) => header.split(/;\s*/)).filter(Boolean)
  const queryStringParameters = parseQuery(rawQueryString)
  const domainName = headers.host ?? 'localhost'
  const contentType = headers['content-type'] ?? ''
  const isBase64Encoded = request.body.length > 0 && !TEXT_CONTENT.test(contentType)

  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(Object.keys(route.pathParameters).length > 0 ? { pathParameters: route.pathParameters } : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: LOCAL_API_ID,
      domainName,
      domainPrefix: domainName.split('.')[0]?.split(':')[0] ?? domainName,
      http: {
        method: request.method,
        path: rawPath,
        protocol: request.protocol,
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: request.requestId,
      routeKey: route.routeKey,
      stage: '$default',
      time: formatRequestTime(request.receivedAt),
      timeEpoch: request.receivedAt.getTime(),
    },
    ...(request.body.length > 0 ? { body: request.body.toString(isBase64Encoded ? 'base64' : 'utf8') } : {}),
    isBase64Encoded,
  }
  if (!claims) return event
  return {
    ...event,
    requestContext: { ...event.requestContext, authorizer: { jwt: { claims, scopes: null } } },
  }
}

function eventHeaders(request: GatewayRequest): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, values] of Object.entries(request.headers)) {
    if (name === 'cookie') continue
    headers[name] = values.join(',')
  }
  // Headers API Gateway adds on its way to the integration.
  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${request.sourceIp}`
    : request.sourceIp
  headers['x-forwarded-proto'] ??= 'http'
  headers['x-amzn-trace-id'] ??=
    `Root=1-${Math.floor(request.receivedAt.getTime() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`
  return headers
}

function parseQuery(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined
  const parameters: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    parameters[name] = name in parameters ? `${parameters[name]},${value}` : value
  }
  return Object.keys(parameters).length > 0 ? parameters : undefined
}

function splitOnce(value: string, separator: string): [string, string] {
  const index = value.indexOf(separator)
  return index === -1 ? [value, ''] : [value.slice(0, index), value.slice(index + 1)]
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** `12/Mar/2020:19:03:58 +0000`, API Gateway's request time format. */
export function formatRequestTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return (
    `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  )
}
