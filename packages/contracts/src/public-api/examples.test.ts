import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../openapi'
import { IDEMPOTENCY_KEY_PATTERN, ROUTE_LIST } from '../routes'
import { curlSample, typescriptLiteral, typescriptSample } from './code-samples'
import { EXAMPLE_BASE_URL, PUBLIC_API_EXAMPLES } from './examples'
import { isPublicApiRoute, PUBLIC_API_RESOURCES, resourceOf } from './openapi-public'

const publicRoutes = ROUTE_LIST.filter(isPublicApiRoute)
const exampleOf = (id: string) => {
  const example = PUBLIC_API_EXAMPLES[id]
  if (!example) throw new Error(`${id} has no documented example (public-api/examples.ts)`)
  return example
}

describe('the public API’s documented examples', () => {
  it('exist for every public operation, and only for those', () => {
    expect(publicRoutes.length).toBeGreaterThan(5)
    for (const route of publicRoutes) exampleOf(route.id)
    const ids = new Set(publicRoutes.map((route) => route.id as string))
    expect(Object.keys(PUBLIC_API_EXAMPLES).filter((id) => !ids.has(id))).toEqual([])
  })

  it('are requests the route accepts: params, query (as the URL carries it) and body pass its schemas', () => {
    for (const route of publicRoutes) {
      const example = exampleOf(route.id)
      const query = Object.fromEntries(Object.entries(example.query ?? {}).map(([k, v]) => [k, String(v)]))
      const checks = [
        [route.params, example.params ?? {}],
        [route.query, query],
        [route.body, example.body],
      ] as const
      for (const [schema, value] of checks) {
        if (!schema) continue
        const parsed = schema.safeParse(value)
        expect(parsed.success, `${route.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
      }
      if (!route.body) expect(example.body, route.id).toBeUndefined()
      if (!route.query) expect(example.query, route.id).toBeUndefined()
      expect(Boolean(example.idempotencyKey), `${route.id} idempotency key`).toBe(Boolean(route.idempotent))
      if (example.idempotencyKey) expect(example.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN)
    }
    const keys = publicRoutes.map((route) => exampleOf(route.id).idempotencyKey).filter(Boolean)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('are written as curl (method, URL, key, idempotency key, JSON body) and as a call of the typed client', () => {
    const create = ROUTE_LIST.find((route) => route.id === 'createPublicCampaign')
    if (!create) throw new Error('no createPublicCampaign')
    const example = exampleOf(create.id)
    const curl = curlSample(create, example)
    expect(curl).toMatch(new RegExp(`^curl -X POST '${EXAMPLE_BASE_URL}/api/v1/campaigns' \\\\\\n`))
    expect(curl).toContain(`-H "Authorization: Bearer $SES_STUDIO_API_KEY"`)
    expect(curl).toContain(`-H 'Idempotency-Key: ${example.idempotencyKey}'`)
    expect(curl).toContain(`-d '${JSON.stringify(example.body, null, 2)}'`)
    const list = ROUTE_LIST.find((route) => route.id === 'listPublicCampaigns')
    if (!list) throw new Error('no listPublicCampaigns')
    expect(curlSample(list, { query: { limit: 20 } })).toBe(
      `curl '${EXAMPLE_BASE_URL}/api/v1/campaigns?limit=20' \\\n  -H "Authorization: Bearer $SES_STUDIO_API_KEY"`,
    )
    expect(curlSample(list, { body: { name: "Ada's" } })).toContain(`-d '{\n  "name": "Ada'\\''s"\n}'`)
    const typescript = typescriptSample(list, { query: { limit: 20 } })
    expect(typescript).toContain("import { createClient } from '@ses-studio/client'")
    expect(typescript).toContain('const result = await api.listPublicCampaigns({ query: { limit: 20 } })')
    expect(typescriptLiteral({ 'a-b': ["it's"], n: 1, ok: true, none: null })).toBe(
      `{ 'a-b': ['it\\'s'], n: 1, ok: true, none: null }`,
    )
  })

  it('reach the OpenAPI document: resource tags, scopes, parameter and body examples, code samples', () => {
    type Operation = {
      tags: string[]
      security: Record<string, string[]>[]
      parameters: { in: string; name: string; example?: unknown }[]
      requestBody?: { content: { 'application/json': { example?: unknown } } }
      'x-codeSamples': { lang: string; label: string; source: string }[]
    }
    const document = buildOpenApiDocument('/', 'public') as {
      paths: Record<string, Record<string, Operation>>
    }
    const documented = Object.values(document.paths).flatMap((item) => Object.values(item))
    expect(documented).toHaveLength(publicRoutes.length)
    const resources = PUBLIC_API_RESOURCES.map((resource) => resource.name as string)
    for (const route of publicRoutes) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()]
      if (!operation) throw new Error(`${route.id} is not in the public document`)
      expect(resources, route.id).toContain(resourceOf(route))
      expect(operation.tags).toEqual([resourceOf(route)])
      expect(operation.security).toEqual([{ apiKey: [route.scope] }])
      expect(operation['x-codeSamples'].map((sample) => sample.label)).toEqual(['curl', 'TypeScript'])
      const example = exampleOf(route.id)
      if (example.body !== undefined)
        expect(operation.requestBody?.content['application/json'].example).toEqual(example.body)
      for (const [name, value] of Object.entries(example.params ?? {}))
        expect(operation.parameters.find((p) => p.in === 'path' && p.name === name)?.example).toBe(value)
    }
  })
})
