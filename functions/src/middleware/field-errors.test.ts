import { ROUTE_LIST } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import type * as z from 'zod'
import { invalidRequest } from './errors'
import { parseJsonBody } from './json-body'

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The object shapes a body schema accepts (through optional, default, pipe and union wrappers). */
function shapes(schema: z.ZodType): Record<string, z.ZodType>[] {
  const def = defOf(schema)
  if (def.type === 'object') return [def.shape as Record<string, z.ZodType>]
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap(shapes)
  if (def.type === 'pipe') return shapes(def.in as z.ZodType)
  if (['optional', 'default', 'nullable', 'prefault', 'readonly'].includes(def.type))
    return shapes(def.innerType as z.ZodType)
  return []
}

/** A value of the wrong JSON type for a field (undefined when the field takes anything). */
function wrongValue(schema: z.ZodType): unknown {
  const def = defOf(schema)
  if (['optional', 'default', 'nullable', 'prefault', 'readonly'].includes(def.type))
    return wrongValue(def.innerType as z.ZodType)
  if (def.type === 'pipe') return wrongValue(def.in as z.ZodType)
  if (['string', 'enum', 'literal', 'array', 'object', 'record', 'union', 'boolean'].includes(def.type))
    return def.type === 'string' || def.type === 'enum' ? 123 : 12345
  if (def.type === 'number' || def.type === 'int') return 'x'
  return undefined
}

describe('every 400 names its field', () => {
  const cases = ROUTE_LIST.flatMap((route) =>
    route.body
      ? shapes(route.body).flatMap((shape) =>
          Object.entries(shape).flatMap(([field, schema]) => {
            const value = wrongValue(schema)
            return value === undefined ? [] : [{ route: route.id, body: route.body, field, value }]
          }),
        )
      : [],
  )

  it('covers the routes with a body', () => {
    expect(new Set(cases.map((c) => c.route)).size).toBeGreaterThan(40)
  })

  it.each(cases)('$route: a wrong-typed $field is named', ({ body, field, value }) => {
    const result = (body as z.ZodType).safeParse({ [field]: value })
    expect(result.success).toBe(false)
    if (result.success) return
    const message = invalidRequest(result.error, 'body').message
    // Another field may be reported first (a required one); the wrong one is named once it is alone wrong.
    if (!message.startsWith(`body.${field}`)) {
      const others = Object.fromEntries(
        shapes(body as z.ZodType).flatMap((shape) =>
          Object.keys(shape)
            .filter((key) => key !== field)
            .map((key) => [key, undefined]),
        ),
      )
      expect(message, JSON.stringify(others)).not.toMatch(/^body: /)
    }
  })

  it('names the field of PATCH campaigns/{id} (a union of an edit and an action)', () => {
    const route = ROUTE_LIST.find((r) => r.method === 'PATCH' && r.path === '/api/campaigns/{id}')
    const body = route?.body as z.ZodType
    expect(body).toBeDefined()
    for (const [field, value] of [
      ['name', 123],
      ['topicIds', 'x'],
      ['version', '1'],
    ] as const) {
      const result = body.safeParse({ version: 1, [field]: value })
      expect(result.success).toBe(false)
      if (!result.success)
        expect(invalidRequest(result.error, 'body').message).toMatch(new RegExp(`^body\\.${field}: `))
    }
  })
})

describe('JSON bodies', () => {
  const json = { 'content-type': 'application/json' }
  it('refuses a __proto__ key as an invalid field, naming it', () => {
    expect(() => parseJsonBody(json, '{"attributes":{"__proto__":{"x":"1"}}}', false)).toThrow(
      expect.objectContaining({
        code: 'request.invalid',
        message: expect.stringMatching(/^body\.attributes\.__proto__: /),
      }),
    )
    expect(() => parseJsonBody(json, '{"__proto__":1}', false)).toThrow(
      expect.objectContaining({ code: 'request.invalid' }),
    )
  })
  it('still answers invalid_json and unsupported_media_type', () => {
    expect(() => parseJsonBody(json, '{', false)).toThrow(
      expect.objectContaining({ code: 'request.invalid_json' }),
    )
    expect(() => parseJsonBody({}, '{}', false)).toThrow(
      expect.objectContaining({ code: 'request.unsupported_media_type' }),
    )
    expect(parseJsonBody({ 'Content-Type': 'application/json; charset=utf-8' }, '{"a":[1]}', false)).toEqual({
      a: [1],
    })
  })
})
