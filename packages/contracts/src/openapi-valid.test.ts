import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from './openapi'

/** The document the `docs` group serves, checked by a real validator against the OpenAPI 3.1 schema. */
describe('the OpenAPI document', () => {
  it.each(['public', 'all'] as const)('validates as OpenAPI 3.1 (scope %s)', async (scope) => {
    const validator = new Validator()
    const result = await validator.validate(buildOpenApiDocument('/', scope))
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('and the validator refuses a broken one (an operation without responses, a bad parameter location)', async () => {
    const document = buildOpenApiDocument('/') as {
      paths: Record<string, Record<string, Record<string, unknown>>>
    }
    const operation = document.paths['/api/v1/campaigns']?.get
    if (!operation) throw new Error('no GET /api/v1/campaigns in the document')
    delete operation.responses
    operation.parameters = [{ name: 'limit', in: 'body', schema: { type: 'integer' } }]
    const result = await new Validator().validate(document)
    expect(result.valid).toBe(false)
  })
})
