import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ERROR_STATUS, statusForError } from './errors'
import { buildOpenApiDocument } from './openapi'
import { PERMISSIONS } from './permissions'
import {
  acceptsCaller,
  buildPath,
  callerKinds,
  ENDPOINT_GROUPS,
  MONITORING_TUNNEL_PATH,
  ROUTE_AUTHS,
  ROUTE_LIST,
  type RouteEntry,
  routeErrors,
  routeKey,
  routes,
  usesJwtAuthorizer,
} from './routes'

/** The fields an object schema (or every option of a union of objects) declares. */
function shapeKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return []
  if ('shape' in schema) return Object.keys((schema as z.ZodObject).shape)
  if ('options' in schema) {
    const [first = [], ...rest] = (schema as z.ZodUnion<z.ZodObject[]>).options.map(shapeKeys)
    return first.filter((key) => rest.every((keys) => keys.includes(key)))
  }
  return []
}

describe('route table: callers and organizations', () => {
  it('says how every route authenticates, and which proof a token route verifies', () => {
    for (const route of ROUTE_LIST) {
      if (typeof route.auth === 'string') expect(ROUTE_AUTHS, route.id).toContain(route.auth)
      else expect(route.auth.length, route.id).toBeGreaterThan(1)
      expect(Boolean(route.proof), route.id).toBe(route.auth === 'token')
    }
  })

  it("keeps API Gateway's JWT authorizer on user-only routes, never on a route that also takes API keys", () => {
    const mixed = { auth: ['user', 'apiKey'] } as const
    expect(callerKinds(mixed)).toEqual(['user', 'apiKey'])
    expect(usesJwtAuthorizer(mixed)).toBe(false)
    expect(usesJwtAuthorizer(routes.listTopics)).toBe(true)
    expect(usesJwtAuthorizer(routes.listPublicTopics)).toBe(false)
    expect(usesJwtAuthorizer(routes.createTemplate)).toBe(true)
    expect(usesJwtAuthorizer({ auth: 'apiKey' })).toBe(false)
    expect(usesJwtAuthorizer({ auth: 'none' })).toBe(false)
  })

  it('gives every route acting for an organization a permission of the role table and where to find it', () => {
    // The public unsubscribe and signup routes name an organization inside a signed link or a public form: they
    // act for no member (their proof is checked by the function).
    const organizationRoutes = ROUTE_LIST.filter((route) => route.group !== 'unsubscribe').filter(
      (route) =>
        route.organization ||
        route.permission ||
        [...shapeKeys(route.query), ...shapeKeys(route.body)].includes('organizationId') ||
        route.path.startsWith('/api/organizations/{id}'),
    )
    expect(organizationRoutes.length).toBeGreaterThan(40)
    for (const route of organizationRoutes) {
      expect(Object.keys(PERMISSIONS), route.id).toContain(route.permission)
      expect(callerKinds(route).length, route.id).toBeGreaterThan(0)
      const source = route.organization
      expect(source, route.id).toBeDefined()
      if (!source) continue
      // A public API route acts for the key's own organization and names none.
      if (source.in === 'apiKey') {
        expect(route.auth, route.id).toBe('apiKey')
        continue
      }
      const part = { query: route.query, body: route.body, params: route.params }[source.in]
      expect(shapeKeys(part), `${route.id}: ${source.in}.${source.key}`).toContain(source.key)
      if (source.orSelected) expect(source.owner, route.id).toBeUndefined()
    }
  })

  it('keeps routes that act for nobody free of permissions', () => {
    for (const route of ROUTE_LIST.filter((entry) => !entry.organization))
      expect(route.permission, route.id).toBeUndefined()
  })
})

describe('route table', () => {
  it('has one route per method and path', () => {
    const keys = ROUTE_LIST.map(routeKey)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('declares a params schema exactly for the placeholders of each path', () => {
    for (const route of ROUTE_LIST) {
      const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
      const declared = route.params ? Object.keys((route.params as z.ZodObject).shape).sort() : []
      expect(declared, route.id).toEqual(placeholders)
    }
  })

  it('keeps every route under /api (but the monitoring tunnel) and in a known group', () => {
    for (const route of ROUTE_LIST) {
      expect(route.path.startsWith('/api/') || route.path === MONITORING_TUNNEL_PATH, route.id).toBe(true)
      expect(ENDPOINT_GROUPS).toContain(route.group)
    }
  })

  it('gives raw-body routes content types and no JSON body schema', () => {
    for (const route of ROUTE_LIST.filter((entry) => entry.rawBody)) {
      expect(route.body).toBeUndefined()
      expect(route.rawBody?.contentTypes.length).toBeGreaterThan(0)
    }
    expect(routes.forwardMonitoringEnvelope).toMatchObject({ path: '/monitoring', auth: 'none' })
  })

  it('lets the gating middleware find the organization of every plan-gated route', () => {
    for (const route of ROUTE_LIST.filter((entry) => entry.feature && entry.organization?.in !== 'apiKey')) {
      const keys = [route.query, route.body].flatMap((schema) =>
        schema && 'shape' in schema ? Object.keys((schema as z.ZodObject).shape) : [],
      )
      expect(keys, `${route.id} must take organizationId in its query or body`).toContain('organizationId')
      expect(route.organization, route.id).toMatchObject({ key: 'organizationId' })
      expect(acceptsCaller(route, 'user'), route.id).toBe(true)
    }
  })

  it('marks every /api/admin route as operators-only and signed-in', () => {
    const adminRoutes = ROUTE_LIST.filter((entry) => entry.path.startsWith('/api/admin/'))
    expect(adminRoutes.length).toBeGreaterThan(0)
    for (const route of adminRoutes) {
      expect(route, route.id).toMatchObject({ admin: true, auth: 'user', group: 'admin' })
    }
    for (const route of ROUTE_LIST.filter((entry) => entry.admin))
      expect(route.path).toMatch(/^\/api\/admin\//)
  })

  it('gives file routes no JSON response schema', () => {
    for (const route of ROUTE_LIST.filter((entry) => entry.produces)) {
      expect(route.response, route.id).toBeUndefined()
      expect(route.status, route.id).toBe(200)
    }
  })

  it('fills and encodes path parameters', () => {
    expect(buildPath('/api/organizations/{id}', { id: 'a/b' })).toBe('/api/organizations/a%2Fb')
    expect(() => buildPath('/api/organizations/{id}')).toThrow(/Missing path parameter id/)
  })
})

describe('OpenAPI document', () => {
  it('describes every route with its security and body', () => {
    const document = buildOpenApiDocument() as {
      paths: Record<string, Record<string, Record<string, unknown>>>
    }
    for (const route of ROUTE_LIST) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()]
      expect(operation?.operationId).toBe(route.id)
      const security = callerKinds(route).map((kind) =>
        kind === 'user' ? { cognito: [] } : { apiKey: route.scope ? [route.scope] : [] },
      )
      expect(operation?.security, route.id).toEqual(security)
      expect(Boolean(operation?.requestBody)).toBe(Boolean(route.body ?? route.rawBody))
    }
  })
})

type Operation = {
  operationId: string
  responses: Record<string, { 'x-error-codes'?: string[]; content?: unknown }>
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }
}

let built: { paths: Record<string, Record<string, Operation>> } | undefined
type Documented = Pick<RouteEntry, 'path' | 'method' | 'summary'>

function operationOf(route: Documented): Operation {
  built ??= buildOpenApiDocument() as { paths: Record<string, Record<string, Operation>> }
  const document = built
  const operation = document.paths[route.path]?.[route.method.toLowerCase()]
  if (!operation) throw new Error(`${route.method} ${route.path} is not documented`)
  return operation
}

const errorStatuses = (operation: Operation) =>
  Object.keys(operation.responses)
    .filter((status) => status !== 'default' && Number(status) >= 400)
    .map(Number)

describe('OpenAPI error statuses', () => {
  it('documents, per operation, every status it can answer with the error schema and its codes', () => {
    for (const route of ROUTE_LIST) {
      const operation = operationOf(route)
      const codes = routeErrors(route)
      const expected = [...new Set(codes.map(statusForError))].sort((a, b) => a - b)
      expect(errorStatuses(operation), route.id).toEqual(expected)
      for (const status of expected) {
        const response = operation.responses[status]
        expect(response?.content, `${route.id} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/Error' } },
        })
        expect(response?.['x-error-codes'], `${route.id} ${status}`).toEqual(
          codes.filter((code) => statusForError(code) === status),
        )
      }
    }
  })

  it('gives every operation the statuses of its kind: 400 and 500, 401 when signed-in, 403 when gated', () => {
    for (const route of ROUTE_LIST) {
      const statuses = errorStatuses(operationOf(route))
      expect(statuses, route.id).toEqual(expect.arrayContaining([400, 500]))
      if (callerKinds(route).length > 0) expect(statuses, route.id).toContain(401)
      if (
        route.feature ||
        route.admin ||
        route.permission ||
        (acceptsCaller(route, 'user') && !route.allowSuspended)
      )
        expect(statuses, route.id).toContain(403)
      if (route.body) expect(statuses, route.id).toEqual(expect.arrayContaining([413, 415]))
      // Routes naming a resource or an organization can miss it.
      const keys = [route.query, route.body].flatMap((schema) =>
        schema && 'shape' in schema ? Object.keys((schema as z.ZodObject).shape) : [],
      )
      // RFC 8058 one-click answers 200 even for a contact deleted since (safe to repeat, reveals nothing).
      const neverMisses = route.id === 'oneClickUnsubscribe'
      if (((route.params && route.auth === 'user') || keys.includes('organizationId')) && !neverMisses)
        expect(statuses, route.id).toContain(404)
    }
  })

  it('declares only known error codes', () => {
    for (const route of ROUTE_LIST)
      for (const code of route.errors ?? []) expect(Object.keys(ERROR_STATUS), route.id).toContain(code)
  })
})

describe('OpenAPI bodies match what the schemas enforce', () => {
  const jsonBody = (route: Documented) =>
    operationOf(route).requestBody?.content['application/json']?.schema as
      | { minProperties?: number; required?: string[]; properties?: Record<string, Record<string, unknown>> }
      | undefined

  it('refuses {} on a PATCH body exactly when the document says it needs a property', () => {
    const patches = ROUTE_LIST.filter((route) => route.method === 'PATCH' && route.body)
    expect(patches.length).toBeGreaterThan(4)
    for (const route of patches) {
      const schema = jsonBody(route)
      const documented = (schema?.minProperties ?? 0) > 0 || (schema?.required?.length ?? 0) > 0
      expect(route.body?.safeParse({}).success, route.id).toBe(!documented)
      expect(documented, `${route.id}: a PATCH changes something`).toBe(true)
    }
  })

  it('documents minProperties on partial PATCH bodies, and it is the fewest properties accepted', () => {
    expect(jsonBody(routes.updateAccount)?.minProperties).toBe(1)
    expect(jsonBody(routes.updateOrganization)?.minProperties).toBe(1)
    expect(jsonBody(routes.updateAwsAccount)?.minProperties).toBe(1)
    expect(jsonBody(routes.updateBilling)?.minProperties).toBe(1)
    expect(jsonBody(routes.updateTemplate)?.minProperties).toBe(2)
    expect(routes.updateTemplate.body.safeParse({ version: 1 }).success).toBe(false)
    expect(routes.updateTemplate.body.safeParse({ version: 1, subject: 'Hi' }).success).toBe(true)
    expect(jsonBody(routes.updateBlock)?.minProperties).toBe(2)
    expect(routes.updateBlock.body.safeParse({ version: 1 }).success).toBe(false)
  })

  it('marks id lists uniqueItems and the schemas refuse duplicates', () => {
    const id = '01JAAAAAAAAAAAAAAAAAAAAAAA'
    const lists = [
      [routes.deleteTemplates, 'templateIds', { templateIds: [id, id] }],
      [routes.publishSesTemplates, 'templateIds', { templateIds: [id, id] }],
      [routes.deleteSesTemplates, 'templateIds', { templateIds: [id, id] }],
      [routes.importSesTemplates, 'templates', { templates: ['a', 'a'] }],
    ] as const
    for (const [route, field, duplicated] of lists) {
      expect(jsonBody(route)?.properties?.[field]?.uniqueItems, route.summary).toBe(true)
      expect(route.body.safeParse(duplicated).success, route.summary).toBe(false)
    }
    // Every array of ids in any body says whether its items are unique.
    for (const route of ROUTE_LIST.filter((entry) => entry.body)) {
      for (const [name, property] of Object.entries(jsonBody(route)?.properties ?? {})) {
        if (property.type === 'array' && /Ids$/.test(name))
          expect(property.uniqueItems, `${route.id}.${name}`).toBe(true)
      }
    }
  })

  it('states formats: email, password rules, ids, dates and the free-text rules', () => {
    const reset = jsonBody(routes.confirmPasswordReset)?.properties
    expect(reset?.password).toMatchObject({ minLength: 8, maxLength: 256, pattern: expect.any(String) })
    const pattern = new RegExp(String(reset?.password?.pattern))
    expect(pattern.test('Passw0rd!')).toBe(true)
    expect(pattern.test('password1!')).toBe(false)
    expect(jsonBody(routes.requestPasswordReset)?.properties?.email).toMatchObject({
      format: 'email',
    })
    expect(jsonBody(routes.sendTemplateTest)?.properties?.from).toMatchObject({
      format: 'email',
    })
    const account = jsonBody(routes.updateAccount)?.properties
    expect(account?.selectedOrganization).toMatchObject({ pattern: expect.any(String) })
    expect(account?.lastProductUpdateAt).toMatchObject({ format: 'date-time' })
    // The name rule, and (the name is trimmed, then at least 1 character) a non-space character.
    expect(account?.name).toMatchObject({
      allOf: [{ pattern: '\\S' }, { pattern: expect.stringContaining('\\u202A') }],
    })
    expect(jsonBody(routes.updateTemplate)?.properties?.source).toMatchObject({
      description: expect.stringMatching(/surrogates/),
    })
  })
})
