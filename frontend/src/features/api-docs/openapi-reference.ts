/** A readable view of the OpenAPI 3.1 document the API serves (`GET /api/openapi.json`). */

export interface SchemaField {
  name: string
  type: string
  required: boolean
  description?: string
  /** Properties of an object field (or of an array's object items). */
  fields?: SchemaField[]
}

export interface ApiParameter {
  name: string
  location: string
  type: string
  required: boolean
  description?: string
}

export interface ApiOperation {
  id: string
  method: string
  path: string
  summary: string
  /** What the operation validates across its parameters, in words (e.g. a range's end after its start). */
  description?: string
  /** True when the call needs the signed-in user's ID token. */
  authenticated: boolean
  /** The plan feature (`x-plan-feature`) the call is gated behind, if any. */
  feature?: string
  parameters: ApiParameter[]
  requestBody?: SchemaField[] | string
  successStatus: string
  response?: SchemaField[] | string
}

export interface ApiReference {
  title: string
  version: string
  description: string
  groups: { tag: string; operations: ApiOperation[] }[]
}

type Json = Record<string, unknown>

export interface TextSegment {
  text: string
  code: boolean
}

/**
 * Descriptions in the document use Markdown's inline code (`like this`): split them into plain and code runs, so
 * the page renders code as code without treating the API's text as HTML. An unmatched backtick stays as it is.
 */
export function inlineCodeSegments(value: string): TextSegment[] {
  const segments: TextSegment[] = []
  const pattern = /`([^`]+)`/g
  let last = 0
  for (const match of value.matchAll(pattern)) {
    if (match.index > last) segments.push({ text: value.slice(last, match.index), code: false })
    segments.push({ text: match[1] ?? '', code: true })
    last = match.index + match[0].length
  }
  if (last < value.length) segments.push({ text: value.slice(last), code: false })
  return segments
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const MAX_DEPTH = 4
/** Longer enums (the IANA time zones) are named by their count, not listed. */
const MAX_LISTED_VALUES = 12

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback
}

/** A short type label: `string (email)`, `'a' | 'b'`, `string[]`, `object`, `Error`. */
export function typeLabel(schema: unknown): string {
  if (!isObject(schema)) return 'any'
  if (typeof schema.$ref === 'string') return schema.$ref.replace(/^.*\//, '')
  if (Array.isArray(schema.enum)) {
    if (schema.enum.length > MAX_LISTED_VALUES)
      return `${text(schema.type, 'any')} (one of ${schema.enum.length} values)`
    return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  }
  if ('const' in schema) return JSON.stringify(schema.const)
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null
  if (union) return [...new Set(union.map(typeLabel))].join(' | ')
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : text(schema.type, 'any')
  if (type === 'array') return `${typeLabel(schema.items)}[]`
  const format = text(schema.format)
  return format ? `${type} (${format})` : type
}

/** The object schema a field's children come from: the object itself, or an array's items. */
function objectOf(schema: unknown): Json | undefined {
  if (!isObject(schema)) return undefined
  if (isObject(schema.properties)) return schema
  if (schema.type === 'array') return objectOf(schema.items)
  return undefined
}

export function schemaFields(schema: unknown, depth = 0): SchemaField[] {
  const object = objectOf(schema)
  if (!object || !isObject(object.properties)) return []
  const required = new Set(Array.isArray(object.required) ? object.required : [])
  return Object.entries(object.properties).map(([name, property]) => {
    const children = depth < MAX_DEPTH ? schemaFields(property, depth + 1) : []
    const description = isObject(property) ? text(property.description) : ''
    return {
      name,
      type: typeLabel(property),
      required: required.has(name),
      ...(description ? { description } : {}),
      ...(children.length ? { fields: children } : {}),
    }
  })
}

/** Fields of a JSON body, or its type label when it is not an object (e.g. an array of strings). */
function bodyOf(content: unknown): SchemaField[] | string | undefined {
  if (!isObject(content)) return undefined
  const json = content['application/json']
  if (!isObject(json) || !('schema' in json)) return undefined
  const fields = schemaFields(json.schema)
  return fields.length ? fields : typeLabel(json.schema)
}

function operationOf(path: string, method: string, raw: Json): ApiOperation {
  const responses = isObject(raw.responses) ? raw.responses : {}
  const successStatus = Object.keys(responses).find((status) => /^2\d\d$/.test(status)) ?? 'default'
  const success = responses[successStatus]
  const security = Array.isArray(raw.security) ? raw.security : undefined
  const feature = text(raw['x-plan-feature'])
  const requestBody = isObject(raw.requestBody) ? bodyOf(raw.requestBody.content) : undefined
  const response = isObject(success) ? bodyOf(success.content) : undefined
  const description = text(raw.description)
  return {
    id: text(raw.operationId, `${method} ${path}`),
    method: method.toUpperCase(),
    path,
    summary: text(raw.summary),
    ...(description ? { description } : {}),
    authenticated: security === undefined || security.length > 0,
    ...(feature ? { feature } : {}),
    parameters: (Array.isArray(raw.parameters) ? raw.parameters : []).filter(isObject).map((parameter) => {
      const description = text(parameter.description)
      return {
        name: text(parameter.name),
        location: text(parameter.in),
        type: typeLabel(parameter.schema),
        required: parameter.required === true,
        ...(description ? { description } : {}),
      }
    }),
    ...(requestBody ? { requestBody } : {}),
    successStatus,
    ...(response ? { response } : {}),
  }
}

/** Operations grouped by their first tag, in document order. Throws when the document is not OpenAPI 3. */
export function readApiReference(document: unknown): ApiReference {
  if (!isObject(document) || !text(document.openapi).startsWith('3.') || !isObject(document.paths)) {
    throw new Error('The API did not return an OpenAPI 3 document.')
  }
  const info = isObject(document.info) ? document.info : {}
  const groups = new Map<string, ApiOperation[]>()
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue
    for (const method of METHODS) {
      const raw = item[method]
      if (!isObject(raw)) continue
      const tag = Array.isArray(raw.tags) && typeof raw.tags[0] === 'string' ? raw.tags[0] : 'other'
      groups.set(tag, [...(groups.get(tag) ?? []), operationOf(path, method, raw)])
    }
  }
  return {
    title: text(info.title, 'API reference'),
    version: text(info.version),
    description: text(info.description),
    groups: [...groups].map(([tag, operations]) => ({ tag, operations })),
  }
}
