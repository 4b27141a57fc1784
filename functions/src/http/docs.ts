import { allowedMethods, buildOpenApiDocument, type OpenApiScope, ROUTE_LIST } from '@app/contracts'
import { platformRoutes } from '@app/contracts/platform/routes'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import { endpointGroup } from '../middleware/endpoint-group'
import { errorResponse } from '../middleware/errors'

/** Built once per scope, on its first request. */
const documents = new Map<OpenApiScope, Record<string, unknown>>()
function documentOf(scope: OpenApiScope): Record<string, unknown> {
  const built = documents.get(scope) ?? buildOpenApiDocument('/', scope)
  documents.set(scope, built)
  return built
}

/**
 * The deployed API's `$default` route lands here (API Gateway itself answers an unknown method with a 404): a
 * path of the route table asked with another method gets 405 and the methods it takes, as the local gateway does.
 */
function methodNotAllowed(event: APIGatewayProxyEventV2): APIGatewayProxyStructuredResultV2 | undefined {
  const path = event.rawPath ?? ''
  const allowed = allowedMethods(ROUTE_LIST, path)
  if (allowed.length === 0) return undefined
  const method = event.requestContext?.http?.method ?? ''
  const answer = errorResponse(
    'route.method_not_allowed',
    `${path} takes ${allowed.join(', ')}, not ${method}.`,
  )
  return { ...answer, headers: { ...answer.headers, allow: allowed.join(', ') } }
}

export const handler = endpointGroup(
  'docs',
  platformRoutes,
  { getOpenApi: async ({ query }) => documentOf(query.scope) },
  { unmatched: methodNotAllowed },
)
