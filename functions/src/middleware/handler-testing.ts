/** Unit-test helpers: invoke an endpoint-group handler in process, as API Gateway would, without the stack. */
import { ENV } from '@app/contracts'
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda'

export type TestHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<unknown>

/** Environment a handler module needs at import; nothing is called with it before a request gets past validation. */
export function useUnitEnvironment(extra: Record<string, string> = {}): void {
  Object.assign(process.env, {
    [ENV.stage]: 'local',
    [ENV.region]: 'us-east-1',
    [ENV.tableName]: 'unit-table',
    [ENV.userPoolId]: 'us-east-1_unit',
    [ENV.appUrl]: 'http://localhost:5173',
    [ENV.mailFrom]: 'no-reply@example.com',
    [ENV.purgeQueueUrl]: 'http://localhost:9324/000000000000/purge',
    [ENV.logLevel]: 'error',
    ...extra,
  })
}

export const lambdaContext = {
  awsRequestId: 'req-1',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context

export function httpEvent(
  routeKey: string,
  init: { body?: string; headers?: Record<string, string>; claims?: Record<string, string> } = {},
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const [method, path] = routeKey.split(' ')
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body,
    isBase64Encoded: false,
    requestContext: {
      http: { method, path },
      authorizer: init.claims ? { jwt: { claims: init.claims, scopes: null } } : undefined,
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer
}

/**
 * A middy request for driving one pipeline step on its own (`step.before(request)`), its event built by
 * `httpEvent`; a fresh context per request, as Lambda gives.
 */
export function stepRequest(event: APIGatewayProxyEventV2WithJWTAuthorizer) {
  return {
    event,
    context: { ...lambdaContext, awsRequestId: `req-${Math.random().toString(36).slice(2)}` } as Context,
    response: undefined as APIGatewayProxyStructuredResultV2 | undefined,
    error: undefined as Error | undefined,
    internal: {},
  }
}
