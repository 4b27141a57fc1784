import { describe, expect, it } from 'vitest'
import { ATTRIBUTE_NAME_PATTERN } from './audience/attribute-names'
import { buildOpenApiDocument } from './openapi'
import { ROUTE_LIST } from './routes'

type Doc = { paths: Record<string, Record<string, { requestBody?: unknown }>> }
const doc = buildOpenApiDocument() as unknown as Doc

describe('the OpenAPI document and the route table agree', () => {
  it('documents exactly the routes the table serves', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const served = ROUTE_LIST.map((route) => `${route.method} ${route.path}`)
    expect(new Set(documented)).toEqual(new Set(served))
  })

  it('documents a request body for every route that validates one', () => {
    for (const route of ROUTE_LIST.filter((r) => r.body))
      expect(doc.paths[route.path]?.[route.method.toLowerCase()]?.requestBody, route.id).toBeDefined()
  })

  it('states the attribute-name rule (built-in names refused) as the pattern of attribute keys', () => {
    const body = JSON.stringify(doc.paths['/api/contacts']?.post?.requestBody)
    expect(body).toContain(JSON.stringify(ATTRIBUTE_NAME_PATTERN.source))
  })
})
