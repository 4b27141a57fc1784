import * as z from 'zod'
import { ERROR_STATUS, statusForError } from './errors'
import { publicApiGuide } from './public-api/guide'
import { isPublicApiRoute, publicOperation, publicTags } from './public-api/openapi-public'
import { webhookOperations } from './public-api/webhook-docs'
import {
  callerKinds,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  RATE_LIMIT_HEADERS,
  ROUTE_LIST,
  type RouteEntry,
  routeErrors,
} from './routes'

const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [string, ...string[]]),
    message: z.string(),
    /** version.conflict only. */
    currentVersion: z.number().int().optional(),
    /** template.invalid only. */
    issues: z
      .array(
        z.object({
          message: z.string(),
          rule: z.string().optional(),
          part: z.enum(['subject', 'html', 'text']).optional(),
          line: z.number().int().optional(),
          column: z.number().int().optional(),
          path: z.string().optional(),
          blockId: z.string().optional(),
        }),
      )
      .optional(),
    /** block.in_use only. */
    templates: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
    /** aws_account.already_connected only: the connection that already reaches that account and region. */
    awsAccount: z.object({ id: z.string(), name: z.string() }).optional(),
  }),
})

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >
  return rest
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return []
  const json = schemaOf(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] }
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as { description?: string }
    return {
      name,
      in: location,
      required: location === 'path' || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    }
  })
}

/** Keywords of a query schema that constrain its parameters together (parameters can only state one each). */
export const CROSS_PARAMETER_KEYWORDS = [
  'not',
  'anyOf',
  'oneOf',
  'allOf',
  'dependentRequired',
  'dependentSchemas',
  'minProperties',
  'maxProperties',
] as const

/**
 * What a query validates across its parameters: the schema's description (the rule in words, which becomes the
 * operation's description) and, as `x-query-schema`, the JSON Schema keywords that state it over the query as
 * one object (its parameters as properties).
 */
function queryRulesOf(schema: z.ZodType | undefined): Record<string, unknown> {
  if (!schema) return {}
  const json = schemaOf(schema, 'input')
  const keywords = Object.fromEntries(
    CROSS_PARAMETER_KEYWORDS.filter((key) => key in json).map((key) => [key, json[key]]),
  )
  return {
    ...(typeof json.description === 'string' ? { description: `Query: ${json.description}` } : {}),
    ...(Object.keys(keywords).length ? { 'x-query-schema': keywords } : {}),
  }
}

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }

/** Idempotent routes take an optional `Idempotency-Key` header (the route flag `idempotent`). */
function headerParameters(route: RouteEntry) {
  if (!route.idempotent) return []
  return [
    {
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description: 'The first final answer to this key is replayed for 24 h; a 5xx frees the key.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
    },
  ]
}

const WINDOW = 'The limiter counts calls in a fixed window (opened by the first call, shared by every server)'

/** The `RateLimit-*` headers every answer of a rate-limited route carries. */
function rateLimitHeaders(route: RouteEntry): Record<string, unknown> {
  if (!route.rateLimit) return {}
  const integer = (minimum: number) => ({ type: 'integer', minimum })
  return {
    [RATE_LIMIT_HEADERS.limit]: {
      description: `Calls allowed in the window. ${WINDOW}${route.rateLimit.keyLimit ? ", of 60 seconds per API key: the key's own limit a minute" : ''}.`,
      schema: integer(1),
    },
    [RATE_LIMIT_HEADERS.remaining]: {
      description: 'Calls left in the current window.',
      schema: integer(0),
    },
    [RATE_LIMIT_HEADERS.reset]: {
      description: 'Seconds until the current window ends (and the count starts again).',
      schema: integer(0),
    },
  }
}

/** Headers a status answers with beyond the body: `RateLimit-*` on a limited route, `Retry-After` on its 429. */
function responseHeaders(route: RouteEntry, status: number): Record<string, unknown> {
  if (!route.rateLimit) return {}
  const retryAfter =
    status === 429
      ? {
          [RATE_LIMIT_HEADERS.retryAfter]: {
            description: 'Seconds to wait: until the window ends.',
            schema: { type: 'integer', minimum: 1 },
          },
        }
      : {}
  return { headers: { ...rateLimitHeaders(route), ...retryAfter } }
}

function successResponse(route: RouteEntry): Record<string, unknown> {
  return {
    description: 'Success',
    ...(route.idempotent || route.rateLimit
      ? {
          headers: {
            ...rateLimitHeaders(route),
            ...(route.idempotent
              ? {
                  [IDEMPOTENT_REPLAYED_HEADER]: {
                    description: 'A replayed answer.',
                    schema: { type: 'string', enum: ['true'] },
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(route.response
      ? { content: { 'application/json': { schema: schemaOf(route.response, 'output') } } }
      : {}),
  }
}

/** One response per error status the route can answer, naming its codes. */
export function errorResponses(route: RouteEntry): Record<string, unknown> {
  const byStatus = new Map<number, string[]>()
  for (const code of routeErrors(route)) {
    const status = statusForError(code)
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  const responses: Record<string, unknown> = {}
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: `Error: ${codes.map((code) => `\`${code}\``).join(', ')}`,
      'x-error-codes': codes,
      ...responseHeaders(route, status),
      content: ERROR_CONTENT,
    }
  }
  return responses
}

/**
 * User routes take the Cognito ID token, API-key routes a key holding the route's scope (OpenAPI 3.1 lists it as
 * the requirement's scopes), routes accepting both either (a list of alternatives); token routes carry their
 * proof in the request.
 */
function securityOf(route: RouteEntry): Record<string, string[]>[] {
  return callerKinds(route).map(
    (kind): Record<string, string[]> =>
      kind === 'user' ? { cognito: [] } : { apiKey: route.scope ? [route.scope] : [] },
  )
}

/**
 * Which routes a document describes: the public API (`/api/v1/…`, API keys; what `GET /api/openapi.json` answers by
 * default and the reference page shows) or every route, the web app's own too (`?scope=all`).
 */
export type OpenApiScope = 'public' | 'all'

function operationOf(route: RouteEntry): Record<string, unknown> {
  const operation: Record<string, unknown> = {
    operationId: route.id,
    summary: route.summary,
    tags: [route.group],
    security: securityOf(route),
    parameters: [
      ...parametersOf(route.params, 'path'),
      ...parametersOf(route.query, 'query'),
      ...headerParameters(route),
    ],
    ...queryRulesOf(route.query),
    responses: {
      [route.status]: successResponse(route),
      ...errorResponses(route),
      default: { description: 'Error', content: ERROR_CONTENT },
    },
    ...(route.feature ? { 'x-plan-feature': route.feature } : {}),
  }
  if (route.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemaOf(route.body, 'input') } },
    }
  }
  if (route.rawBody) {
    operation.requestBody = {
      required: true,
      content: Object.fromEntries(
        route.rawBody.contentTypes.map((type) => [type, { schema: { type: 'string' } }]),
      ),
    }
  }
  return isPublicApiRoute(route) ? publicOperation(route, operation) : operation
}

const DASHBOARD_NOTE =
  'This document also describes the web app’s own routes (outside `/api/v1/`, tagged by endpoint group): they take a signed-in user’s Cognito ID token, are not versioned and may change without notice.'

/**
 * The OpenAPI 3.1 document, generated from the same contracts the handlers validate with: the public API first
 * (its guide as `info.description`, operations tagged by resource, examples, webhooks), then, with scope `all`,
 * every other route.
 */
export function buildOpenApiDocument(serverUrl = '/', scope: OpenApiScope = 'all'): Record<string, unknown> {
  const publicRoutes = ROUTE_LIST.filter(isPublicApiRoute)
  const documented =
    scope === 'public' ? publicRoutes : [...publicRoutes, ...ROUTE_LIST.filter((r) => !isPublicApiRoute(r))]
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of documented) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) }
  }
  const publicTagNames = publicTags().map((tag) => tag.name)
  const groups = [...new Set(documented.filter((r) => !isPublicApiRoute(r)).map((route) => route.group))]
  return {
    openapi: '3.1.0',
    info: {
      title: 'SES Studio API',
      version: '1.0.0',
      description: [publicApiGuide(publicRoutes), ...(scope === 'all' ? [DASHBOARD_NOTE] : [])].join('\n\n'),
    },
    servers: [{ url: serverUrl }],
    tags: [...publicTags(), ...groups.map((name) => ({ name }))],
    ...(scope === 'all'
      ? {
          'x-tagGroups': [
            { name: 'Public API', tags: publicTagNames },
            { name: 'Web app', tags: groups },
          ],
        }
      : {}),
    components: {
      securitySchemes: {
        cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An organization’s API key (`ssk_live_…`), holding the scopes each operation names.',
        },
      },
      schemas: { Error: schemaOf(ErrorBodySchema, 'output') },
    },
    paths,
    webhooks: webhookOperations(),
  }
}
