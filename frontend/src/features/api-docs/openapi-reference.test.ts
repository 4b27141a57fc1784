// biome-ignore lint/style/noRestrictedImports: a test, never shipped: it reads the whole route table
import { buildOpenApiDocument, ROUTE_LIST } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { inlineCodeSegments, readApiReference, schemaFields, typeLabel } from './openapi-reference'

describe('API reference from the OpenAPI document', () => {
  const reference = readApiReference(buildOpenApiDocument('/'))
  const operations = reference.groups.flatMap((group) => group.operations)

  it('lists every route of the contracts once, grouped by tag', () => {
    expect(operations.map((operation) => operation.id).sort()).toEqual(
      ROUTE_LIST.map((route) => route.id).sort(),
    )
    expect(reference.title).toBe('SES Studio API')
    for (const group of reference.groups) {
      for (const operation of group.operations) expect(operation.summary).not.toBe('')
    }
  })

  it('tells public calls from those that need a token, and reads bodies and responses', () => {
    const openApi = operations.find((operation) => operation.path === '/api/openapi.json')
    expect(openApi).toMatchObject({ method: 'GET', authenticated: false, successStatus: '200' })
    const getAccount = operations.find((operation) => operation.id === 'getAccount')
    expect(getAccount?.authenticated).toBe(true)
    expect(Array.isArray(getAccount?.response) && getAccount.response.length).toBeGreaterThan(0)
    const withBody = operations.filter((operation) => operation.requestBody)
    expect(withBody.length).toBeGreaterThan(0)
  })

  it('labels types readably', () => {
    expect(typeLabel({ type: 'string', format: 'email' })).toBe('string (email)')
    expect(typeLabel({ enum: ['START', 'SOLO_MONTHLY'] })).toBe('"START" | "SOLO_MONTHLY"')
    expect(typeLabel({ type: 'array', items: { type: 'string' } })).toBe('string[]')
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null')
    expect(typeLabel({ $ref: '#/components/schemas/Error' })).toBe('Error')
    const zones = Array.from({ length: 400 }, (_, index) => `Zone/${index}`)
    expect(typeLabel({ type: 'string', enum: zones })).toBe('string (one of 400 values)')
  })

  it("reads what a query validates across its parameters, and each parameter's description", () => {
    const timeSeries = operations.find((operation) => operation.id === 'getStatusTimeSeries')
    expect(timeSeries?.description).toMatch(/`to` is after `from`/)
    const timeZone = timeSeries?.parameters.find((parameter) => parameter.name === 'timeZone')
    expect(timeZone).toMatchObject({ type: expect.stringMatching(/^string \(one of \d+ values\)$/) })
    expect(timeZone?.description).toMatch(/IANA time zone/)
  })

  it('nests object fields and marks required ones', () => {
    const fields = schemaFields({
      type: 'object',
      required: ['error'],
      properties: {
        error: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
        items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      },
    })
    expect(fields[0]).toEqual({
      name: 'error',
      type: 'object',
      required: true,
      fields: [{ name: 'code', type: 'string', required: true }],
    })
    expect(fields[1]?.fields?.[0]?.name).toBe('id')
  })

  it('refuses what is not OpenAPI 3', () => {
    expect(() => readApiReference({ swagger: '2.0', paths: {} })).toThrow(/OpenAPI 3/)
    expect(() => readApiReference('<html>')).toThrow()
  })

  it('splits inline code out of descriptions, so no backtick reaches the page', () => {
    expect(inlineCodeSegments('Errors answer `{ "error": { "code", "message" } }`.')).toEqual([
      { text: 'Errors answer ', code: false },
      { text: '{ "error": { "code", "message" } }', code: true },
      { text: '.', code: false },
    ])
    expect(inlineCodeSegments('`a` and `b`')).toEqual([
      { text: 'a', code: true },
      { text: ' and ', code: false },
      { text: 'b', code: true },
    ])
    expect(inlineCodeSegments('no code, one ` stray')).toEqual([
      { text: 'no code, one ` stray', code: false },
    ])
    expect(inlineCodeSegments('')).toEqual([])
    const description = inlineCodeSegments(reference.description)
    expect(description.some((segment) => segment.code)).toBe(true)
    expect(description.filter((segment) => !segment.code).some((segment) => segment.text.includes('`'))).toBe(
      false,
    )
  })
})
