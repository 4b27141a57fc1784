// biome-ignore lint/style/noRestrictedImports: a test, never shipped: it reads the whole route table
import { buildOpenApiDocument, ROUTE_LIST } from '@app/contracts'
import { isPublicApiRoute, PUBLIC_API_RESOURCES } from '@app/contracts/public-api/openapi-public'
import { describe, expect, it } from 'vitest'
import { guideOf, inlineCodeSegments, readApiReference, schemaFields, typeLabel } from './openapi-reference'

describe('API reference from the OpenAPI document', () => {
  const reference = readApiReference(buildOpenApiDocument('/', 'public'))
  const operations = reference.groups.flatMap((group) => group.operations)
  const publicRoutes = ROUTE_LIST.filter(isPublicApiRoute)

  it('lists every public API operation once, grouped by resource in the document’s order, and no other', () => {
    expect(operations.map((operation) => operation.id).sort()).toEqual(
      publicRoutes.map((route) => route.id).sort(),
    )
    expect(reference.title).toBe('SES Studio API')
    const resources = PUBLIC_API_RESOURCES.map((resource) => resource.name as string)
    const tags = reference.groups.map((group) => group.tag)
    expect(tags).toEqual(resources.filter((name) => tags.includes(name)))
    expect(tags).toContain('Campaigns')
    for (const group of reference.groups) expect(group.description, group.tag).toBeTruthy()
    for (const operation of operations) expect(operation.summary).not.toBe('')
  })

  it('reads each operation’s scope, errors by status and its curl and TypeScript examples', () => {
    for (const route of publicRoutes) {
      const operation = operations.find((candidate) => candidate.id === route.id)
      expect(operation?.scope, route.id).toBe(route.scope)
      expect(operation?.samples.map((sample) => sample.label)).toEqual(['curl', 'TypeScript'])
      expect(operation?.samples[1]?.source).toContain(`api.${route.id}(`)
      expect(operation?.errors.map((error) => error.status)).toContain('401')
    }
    const create = operations.find((operation) => operation.id === 'createPublicCampaign')
    expect(create?.samples[0]?.source).toMatch(/^curl -X POST '.*\/api\/v1\/campaigns'/)
    expect(create?.errors.find((error) => error.status === '422')?.codes).toContain('idempotency.key_reused')
    expect(Array.isArray(create?.requestBody) && create.requestBody.map((field) => field.name)).toContain(
      'templateId',
    )
  })

  it('splits the guide into its sections, a code block’s lines never starting one', () => {
    expect(reference.intro).toMatch(/\/api\/v1\//)
    expect(reference.guide.map((section) => section.title)).toEqual([
      'Authentication',
      'Scopes',
      'Errors',
      'Pagination',
      'Idempotency',
      'Rate limits',
      'Webhooks',
      'Verifying signatures',
    ])
    expect(reference.guide.find((section) => section.id === 'verifying-signatures')?.markdown).toContain(
      'export function verifyWebhook',
    )
    expect(guideOf('Intro\n\n## One\n\n```sh\n## not a heading\n```\n## Two\nx')).toEqual({
      intro: 'Intro',
      guide: [
        { id: 'one', title: 'One', markdown: '```sh\n## not a heading\n```' },
        { id: 'two', title: 'Two', markdown: 'x' },
      ],
    })
  })

  it('reads the webhook events with their signature headers and envelope', () => {
    expect(reference.webhooks.length).toBeGreaterThan(0)
    for (const event of reference.webhooks) {
      expect(event.headers.map((header) => header.name)).toEqual([
        'Webhook-Id',
        'Webhook-Timestamp',
        'Webhook-Signature',
      ])
      expect(event.body.map((field) => field.name)).toEqual(
        expect.arrayContaining(['id', 'type', 'occurredAt', 'organizationId', 'actor', 'payload']),
      )
    }
  })

  it('still reads the web app’s own routes from the whole document (scope all), public ones first', () => {
    const whole = readApiReference(buildOpenApiDocument('/', 'all'))
    const ids = whole.groups.flatMap((group) => group.operations.map((operation) => operation.id))
    expect(ids.sort()).toEqual(ROUTE_LIST.map((route) => route.id).sort())
    expect(whole.groups[0]?.operations[0]?.path.startsWith('/api/v1/')).toBe(true)
    const openApi = whole.groups
      .flatMap((group) => group.operations)
      .find((operation) => operation.id === 'getOpenApi')
    expect(openApi).toMatchObject({ method: 'GET', authenticated: false, successStatus: '200' })
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
    const timeSeries = readApiReference(buildOpenApiDocument('/', 'all'))
      .groups.flatMap((group) => group.operations)
      .find((operation) => operation.id === 'getStatusTimeSeries')
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
  })
})
