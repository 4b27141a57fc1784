/** A readable view of the OpenAPI 3.1 document the API serves (`GET /api/openapi.json`: the public API). */

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
  /** The API-key scope the call needs (the security requirement's scope), if any. */
  scope?: string
  /** True when the call needs a credential at all (an API key or, on the web app's routes, an ID token). */
  authenticated: boolean
  /** The plan feature (`x-plan-feature`) the call is gated behind, if any. */
  feature?: string
  parameters: ApiParameter[]
  requestBody?: SchemaField[] | string
  successStatus: string
  response?: SchemaField[] | string
  /** Each error status with the stable codes it answers (`x-error-codes`). */
  errors: { status: string; codes: string[] }[]
  /** The documented example as code (`x-codeSamples`: curl, TypeScript). */
  samples: CodeSample[]
}

export interface CodeSample {
  label: string
  source: string
}

/** One `##` section of the document's guide (`info.description`), as Markdown. */
export interface GuideSection {
  id: string
  title: string
  markdown: string
}

/** An event a webhook endpoint receives: its signed headers and its JSON body. */
export interface WebhookEvent {
  type: string
  summary: string
  headers: ApiParameter[]
  body: SchemaField[]
}

export interface ApiReference {
  title: string
  version: string
  /** The guide's opening, before its first section. */
  intro: string
  guide: GuideSection[]
  groups: { tag: string; description?: string; operations: ApiOperation[] }[]
  webhooks: WebhookEvent[]
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

function parameterOf(parameter: Json): ApiParameter {
  const description = text(parameter.description)
  return {
    name: text(parameter.name),
    location: text(parameter.in),
    type: typeLabel(parameter.schema),
    required: parameter.required === true,
    ...(description ? { description } : {}),
  }
}

function errorsOf(responses: Json): ApiOperation['errors'] {
  return Object.entries(responses).flatMap(([status, response]) => {
    const codes = isObject(response) ? response['x-error-codes'] : undefined
    return Array.isArray(codes)
      ? [{ status, codes: codes.filter((c): c is string => typeof c === 'string') }]
      : []
  })
}

function samplesOf(raw: unknown): CodeSample[] {
  if (!Array.isArray(raw)) return []
  return raw
    .filter(isObject)
    .map((sample) => ({ label: text(sample.label, text(sample.lang)), source: text(sample.source) }))
}

function operationOf(path: string, method: string, raw: Json): ApiOperation {
  const responses = isObject(raw.responses) ? raw.responses : {}
  const successStatus = Object.keys(responses).find((status) => /^2\d\d$/.test(status)) ?? 'default'
  const success = responses[successStatus]
  const security = Array.isArray(raw.security) ? raw.security.filter(isObject) : undefined
  const scope = security?.flatMap((requirement) =>
    Array.isArray(requirement.apiKey) ? requirement.apiKey : [],
  )[0]
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
    ...(typeof scope === 'string' ? { scope } : {}),
    authenticated: security === undefined || security.length > 0,
    ...(feature ? { feature } : {}),
    parameters: (Array.isArray(raw.parameters) ? raw.parameters : []).filter(isObject).map(parameterOf),
    ...(requestBody ? { requestBody } : {}),
    successStatus,
    ...(response ? { response } : {}),
    errors: errorsOf(responses),
    samples: samplesOf(raw['x-codeSamples']),
  }
}

function slugOf(value: string): string {
  return value
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
}

/** The guide's opening and its `## ` sections (a fenced code block's lines never start one). */
export function guideOf(description: string): { intro: string; guide: GuideSection[] } {
  const sections: { title: string; lines: string[] }[] = [{ title: '', lines: [] }]
  let fenced = false
  for (const line of description.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = !fenced && /^## (.+)$/.exec(line)
    if (heading) sections.push({ title: heading[1] ?? '', lines: [] })
    else sections[sections.length - 1]?.lines.push(line)
  }
  const [intro, ...rest] = sections
  return {
    intro: (intro?.lines.join('\n') ?? '').trim(),
    guide: rest.map((section) => ({
      id: slugOf(section.title),
      title: section.title,
      markdown: section.lines.join('\n').trim(),
    })),
  }
}

function webhooksOf(document: Json): WebhookEvent[] {
  if (!isObject(document.webhooks)) return []
  return Object.entries(document.webhooks).flatMap(([type, item]) => {
    const post = isObject(item) && isObject(item.post) ? item.post : undefined
    if (!post) return []
    const body = isObject(post.requestBody) ? bodyOf(post.requestBody.content) : undefined
    return [
      {
        type,
        summary: text(post.summary),
        headers: (Array.isArray(post.parameters) ? post.parameters : []).filter(isObject).map(parameterOf),
        body: Array.isArray(body) ? body : [],
      },
    ]
  })
}

/**
 * Operations grouped by their first tag, in the order of the document's `tags` (the public API's resources first),
 * the guide's sections and the webhook events. Throws when the document is not OpenAPI 3.
 */
export function readApiReference(document: unknown): ApiReference {
  if (!isObject(document) || !text(document.openapi).startsWith('3.') || !isObject(document.paths)) {
    throw new Error('The API did not return an OpenAPI 3 document.')
  }
  const info = isObject(document.info) ? document.info : {}
  const tags = (Array.isArray(document.tags) ? document.tags : []).filter(isObject)
  const groups = new Map<string, ApiOperation[]>(tags.map((tag) => [text(tag.name), []]))
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue
    for (const method of METHODS) {
      const raw = item[method]
      if (!isObject(raw)) continue
      const tag = Array.isArray(raw.tags) && typeof raw.tags[0] === 'string' ? raw.tags[0] : 'other'
      groups.set(tag, [...(groups.get(tag) ?? []), operationOf(path, method, raw)])
    }
  }
  const descriptions = new Map(tags.map((tag) => [text(tag.name), text(tag.description)]))
  return {
    title: text(info.title, 'API reference'),
    version: text(info.version),
    ...guideOf(text(info.description)),
    groups: [...groups]
      .filter(([, operations]) => operations.length > 0)
      .map(([tag, operations]) => {
        const description = descriptions.get(tag)
        return { tag, ...(description ? { description } : {}), operations }
      }),
    webhooks: webhooksOf(document),
  }
}
