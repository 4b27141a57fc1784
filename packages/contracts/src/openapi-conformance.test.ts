import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { buildOpenApiDocument } from './openapi'
import { ROUTE_LIST, type RouteEntry } from './routes'
import { nonBlankPattern } from './text'

/**
 * The OpenAPI document says what the API validates: every request the document allows passes the route's zod
 * schemas. Two proofs, over every route of ROUTE_LIST (path parameters, query and body):
 * - structural: every rule of the zod input schemas that `z.toJSONSchema` cannot represent (a refine, a
 *   minimum after a trim, a pipe's second schema, a URL's protocol …) is listed in `DOCUMENTED`, by route and
 *   field, with the JSON Schema keywords that state it there; the test fails on a rule not listed, and on a
 *   listed keyword the document lacks. A new refinement fails here until it is documented.
 * - by samples: requests generated from the document (a small sampler over the JSON Schema the document uses,
 *   seeded) that the document's schemas accept are accepted by zod; only the rules `DOCUMENTED` marks as
 *   stated in words (JSON Schema cannot say them) may refuse one.
 */

type Part = 'path' | 'query' | 'body'
type Json = Record<string, unknown>

interface Documented {
  /** Keywords of the emitted JSON Schema, at the field, that state the rule (`description` for words). */
  by: string[]
  /** Rules JSON Schema cannot state exactly: the messages zod refuses a document-valid request with. */
  refuses?: RegExp
}

const UNIQUE = { by: ['uniqueItems'] }
const EMAIL = { by: ['format', 'pattern'] }
const TIME_ZONE = { by: ['enum', 'description'] }
const ID_LIST = { by: ['pattern'] }
const TOPIC_RULE = { by: ['not'] }
const EACH_TOPIC = { by: ['uniqueItems', 'description'], refuses: /^Each topic once\.$/ }
const CONTACT_FILTERS = { by: ['not', 'anyOf', 'description'] }
const TEMPLATE_TEXT = { by: ['anyOf'] }
const BYTES = { by: ['x-max-utf8-bytes', 'description'], refuses: /over 500 KB|at most 256 KB/ }
const SAMPLE_SETS = { by: ['uniqueItems', 'description'], refuses: /Sample data set names are unique|256 KB/ }

/**
 * Every rule `z.toJSONSchema` drops, by `route part.field` (`|n` a union's option, `[]` an array's items, `{}` a
 * record's values), and how the document states it.
 */
const DOCUMENTED: Record<string, Documented> = {
  'createAccount body.email': EMAIL,
  'updateAccount body': { by: ['minProperties'] },
  'updateAccount body.picture': { by: ['pattern'] },
  'updateOrganization body': { by: ['minProperties'] },
  'requestPasswordReset body.email': EMAIL,
  'confirmPasswordReset body.password': { by: ['minLength', 'maxLength', 'pattern'] },
  'updateBilling body': { by: ['minProperties'] },
  'updateBilling body.email': EMAIL,
  'listAdminInvoices query': {
    by: ['description'],
    refuses: /^`from` must not be after `to`\.$|^Ask for at most one year at a time\.$/,
  },
  'listAuditLog query': { by: ['description'], refuses: /^`from` must not be after `to`\.$/ },
  'exportAuditLog body': { by: ['description'], refuses: /^`from` must not be after `to`\.$/ },
  'getInvoicesReport query': {
    by: ['description'],
    refuses: /^`from` must not be after `to`\.$|^Ask for at most one year at a time\.$/,
  },
  'updateAwsAccount body': { by: ['minProperties'] },
  'leaveSandbox body.websiteUrl': { by: ['pattern'] },
  'createWebhookEndpoint body.url': { by: ['pattern'] },
  'updateWebhookEndpoint body': { by: ['minProperties'] },
  'updateWebhookEndpoint body.url': { by: ['pattern'] },
  'enableMonitoring body.eventTypes': UNIQUE,
  'listMessageLogs query.limit': { by: ['enum'] },
  'getStatusTimeSeries query': {
    by: ['description'],
    refuses: /^to must be after from\.$|^A range is at most/,
  },
  'getStatusTimeSeries query.timeZone': TIME_ZONE,
  'getStatusCombined query': {
    by: ['description'],
    refuses: /^to must be after from\.$|^A range is at most/,
  },
  'getStatusCombined query.timeZone': TIME_ZONE,
  'createTemplate body': { by: ['anyOf'] },
  'createTemplate body.source': BYTES,
  'createTemplate body.text': TEMPLATE_TEXT,
  'createTemplate body.text.custom': BYTES,
  'createTemplate body.sampleData': SAMPLE_SETS,
  'deleteTemplates body.templateIds': UNIQUE,
  'updateTemplate body': { by: ['minProperties'] },
  'updateTemplate body.source': BYTES,
  'updateTemplate body.text': TEMPLATE_TEXT,
  'updateTemplate body.text.custom': BYTES,
  'updateTemplate body.sampleData': SAMPLE_SETS,
  'sendTemplateTest body.sampleData': {
    by: ['description'],
    refuses: /^sampleData is at most 256 KB of JSON\.$/,
  },
  'createBlock body.source': BYTES,
  'updateBlock body': { by: ['minProperties'] },
  'updateBlock body.source': BYTES,
  'importSesTemplates body.templates': UNIQUE,
  'publishSesTemplates body': {
    by: ['description'],
    refuses: /^Only templates being published can be overwritten\.$/,
  },
  'publishSesTemplates body.templateIds': UNIQUE,
  'publishSesTemplates body.overwriteTemplateIds': UNIQUE,
  'deleteSesTemplates body.templateIds': UNIQUE,
  'createTopic body': TOPIC_RULE,
  'updateTopic body': { by: ['minProperties', 'not'] },
  'listContacts query': CONTACT_FILTERS,
  'countContacts query': CONTACT_FILTERS,
  'exportContacts query': CONTACT_FILTERS,
  'createContact body.email': EMAIL,
  'createContact body.attributes': { by: ['maxProperties'] },
  'createContact body.topicPreferences': EACH_TOPIC,
  'updateContact body': { by: ['anyOf'] },
  'updateContact body.attributes': { by: ['maxProperties'] },
  'updateContact body.topicPreferences': EACH_TOPIC,
  'bulkContacts body.contactIds': UNIQUE,
  'bulkContacts body.action|1.topicPreferences': EACH_TOPIC,
  'startContactImport body.topicIds': UNIQUE,
  'getUnsubscribePage query.topicId': ID_LIST,
  'updateUnsubscribePreferences body.topics': EACH_TOPIC,
  'oneClickUnsubscribe query.topicId': ID_LIST,
  'signUp body.email': EMAIL,
  'createCampaign body.sender.fromEmail': EMAIL,
  'createCampaign body.sender.replyTo': EMAIL,
  'createCampaign body.topicIds': UNIQUE,
  'createCampaign body.missingVariables|1.values': { by: ['maxProperties'] },
  'createCampaign body.schedule.timeZone': TIME_ZONE,
  'updateCampaign body|1': { by: ['anyOf'] },
  'updateCampaign body|1.sender.fromEmail': EMAIL,
  'updateCampaign body|1.sender.replyTo': EMAIL,
  'updateCampaign body|1.topicIds': UNIQUE,
  'updateCampaign body|1.missingVariables|1.values': { by: ['maxProperties'] },
  'updateCampaign body|1.schedule.timeZone': TIME_ZONE,
  'sendCampaignTest body.addresses': {
    by: ['uniqueItems', 'description'],
    refuses: /^Each address once\.$/,
  },
  'sendCampaignTest body.addresses[]': EMAIL,
  'compareCampaigns query.ids': ID_LIST,
  'createPublicCampaign body.sender.fromEmail': EMAIL,
  'createPublicCampaign body.sender.replyTo': EMAIL,
  'createPublicCampaign body.topicIds': UNIQUE,
  'createPublicCampaign body.missingVariables|1.values': { by: ['maxProperties'] },
  'createPublicCampaign body.schedule.timeZone': TIME_ZONE,
  'schedulePublicCampaign body.schedule.timeZone': TIME_ZONE,
  'sendPublicEmail body.to': UNIQUE,
  'sendPublicEmail body.to[]': EMAIL,
  'inviteMembers body.emails[]': EMAIL,
  'removeMembers body.accountIds': UNIQUE,
  'sendPublicEmail body.data': { by: ['maxProperties'] },
  'sendPublicEmail body.from.email': EMAIL,
  'sendPublicEmail body.replyTo': EMAIL,
  'updateApiKey body': { by: ['minProperties'] },
  'upsertPublicContact body.email': EMAIL,
  'upsertPublicContact body.attributes': { by: ['maxProperties'] },
  'upsertPublicContact body.topicPreferences': EACH_TOPIC,
  // Each item is checked on its own (an invalid one fails alone): the document states the item and says so.
  'upsertPublicContacts body.contacts[]': { by: ['description'] },
  'listPublicContacts query': CONTACT_FILTERS,
  'getPublicContact path.id|1': EMAIL,
  'deletePublicContact path.id|1': EMAIL,
  'updatePublicContactSubscriptions path.id|1': EMAIL,
  'updatePublicContactSubscriptions body.topicPreferences': EACH_TOPIC,
  'unsubscribePublicContact path.id|1': EMAIL,
  'createPublicTopic body': TOPIC_RULE,
  'updatePublicTopic body': { by: ['minProperties', 'not'] },
}

// ---------------------------------------------------------------------------------------------------------
// Structural: the rules toJSONSchema drops, found in the zod schemas.

type Def = { type: string; checks?: z.core.$ZodCheck[]; [key: string]: unknown }
const defOf = (schema: unknown) => (schema as z.core.$ZodType)._zod.def as unknown as Def
const checkDef = (check: z.core.$ZodCheck) =>
  check._zod.def as unknown as { check: string; format?: string; pattern?: RegExp; minimum?: number } & Json

/** The checks `toJSONSchema` turns into keywords (json-schema-processors' contributors). */
const REPRESENTED = new Set([
  'greater_than',
  'less_than',
  'multiple_of',
  'number_format',
  'min_length',
  'max_length',
  'length_equals',
  'min_size',
  'max_size',
  'size_equals',
  'string_format',
])
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional'])
const isTransform = (schema: unknown) => defOf(schema).type === 'transform'

interface Dropped {
  at: string
  rule: string
  /** The emitted JSON Schema at the field. */
  json: Json
}

/** The rules of `schema` its JSON Schema (`json`, emitted for input) does not state, by field. */
function droppedRules(schema: z.ZodType, json: Json, at: string, found: Dropped[] = []): Dropped[] {
  const def = defOf(schema)
  const drop = (rule: string) => found.push({ at, rule, json })
  const checks = def.checks ?? []
  // A format schema (`z.url()`) is its own first check.
  if (def.type === 'string' && def.format === 'url' && (def.protocol || def.hostname))
    drop('url protocol or hostname')
  let trimmed = false
  checks.forEach((check, index) => {
    const rule = checkDef(check)
    if (rule.check === 'overwrite') trimmed = true
    else if (!REPRESENTED.has(rule.check)) drop(`${rule.check} check`)
    else if (rule.check === 'string_format' && rule.format === 'url' && (rule.protocol || rule.hostname))
      drop('url protocol or hostname')
    else if (trimmed && (rule.check === 'min_length' || rule.check === 'length_equals')) {
      // JSON Schema counts the text as sent; a trimmed minimum needs `nonBlank`'s pattern too.
      const pattern = nonBlankPattern(rule.minimum ?? 0).source
      const stated = checks
        .slice(index)
        .some(
          (later) => checkDef(later).check === 'string_format' && checkDef(later).pattern?.source === pattern,
        )
      if (!stated) drop('minimum after a trim')
    }
  })
  const at_ = (suffix: string) => `${at}${suffix}`
  const branch = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {})
  switch (def.type) {
    case 'object': {
      const properties = branch(json.properties)
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>))
        droppedRules(value, branch(properties[key]), at_(`.${key}`), found)
      if (def.catchall && defOf(def.catchall).type !== 'never') drop('catchall')
      break
    }
    case 'array':
      droppedRules(def.element as z.ZodType, branch(json.items), at_('[]'), found)
      break
    case 'record':
      droppedRules(def.keyType as z.ZodType, branch(json.propertyNames), at_('{key}'), found)
      droppedRules(def.valueType as z.ZodType, branch(json.additionalProperties), at_('{}'), found)
      break
    case 'union': {
      const options = (json.anyOf ?? json.oneOf) as Json[] | undefined
      for (const [index, option] of (def.options as z.ZodType[]).entries())
        droppedRules(option, branch(options?.[index]), at_(`|${index}`), found)
      break
    }
    case 'nullable': {
      const options = json.anyOf as Json[] | undefined
      droppedRules(def.innerType as z.ZodType, options ? branch(options[0]) : json, at, found)
      break
    }
    case 'pipe':
      if (isTransform(def.in)) {
        drop('preprocess')
        droppedRules(def.out as z.ZodType, json, at, found)
      } else {
        droppedRules(def.in as z.ZodType, json, at, found)
        // What the second schema checks is not in the document (a transform changes, it does not refuse).
        if (!isTransform(def.out)) drop('pipe')
      }
      break
    case 'string':
    case 'number':
    case 'int':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
    case 'unknown':
    case 'any':
      break
    default:
      if (WRAPPERS.has(def.type)) droppedRules(def.innerType as z.ZodType, json, at, found)
      else drop(`${def.type} schema`)
  }
  return found
}

const inputJson = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json

const PARTS: [Part, 'params' | 'query' | 'body'][] = [
  ['path', 'params'],
  ['query', 'query'],
  ['body', 'body'],
]

function droppedOf(route: RouteEntry): Dropped[] {
  return PARTS.flatMap(([part, key]) => {
    const schema = route[key]
    return schema ? droppedRules(schema, inputJson(schema), `${route.id} ${part}`) : []
  })
}

describe('every rule toJSONSchema cannot represent is documented', () => {
  const dropped = ROUTE_LIST.flatMap(droppedOf)

  it('lists each dropped rule in DOCUMENTED, by route and field', () => {
    const unlisted = dropped.filter((rule) => !DOCUMENTED[rule.at]).map((rule) => `${rule.at}: ${rule.rule}`)
    expect(unlisted, 'document these rules (a pattern, enum, min/max, anyOf … or a description)').toEqual([])
  })

  it('states each listed rule with its keywords at the field', () => {
    for (const rule of dropped) {
      const documented = DOCUMENTED[rule.at]
      for (const keyword of documented?.by ?? [])
        expect(rule.json, `${rule.at} (${rule.rule})`).toHaveProperty([keyword])
    }
  })

  it('lists nothing that is no longer dropped', () => {
    const at = new Set(dropped.map((rule) => rule.at))
    expect(Object.keys(DOCUMENTED).filter((key) => !at.has(key))).toEqual([])
  })

  it("puts a query's cross-parameter rules on its operation", () => {
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, Json>>
    for (const route of ROUTE_LIST.filter((entry) => entry.query)) {
      const query = inputJson(route.query as z.ZodType)
      const operation = paths[route.path]?.[route.method.toLowerCase()] ?? {}
      if (query.not || query.anyOf)
        expect(operation['x-query-schema'], route.id).toMatchObject({ not: query.not })
      if (typeof query.description === 'string')
        expect(operation.description, route.id).toContain(query.description)
    }
  })
})

// ---------------------------------------------------------------------------------------------------------
// By samples: a small JSON Schema sampler and validator over what the document uses.

/** A seeded PRNG (mulberry32), so a failure is reproducible. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const patternCache = new Map<string, RegExp>()
function regex(source: string): RegExp {
  let compiled = patternCache.get(source)
  if (!compiled) {
    compiled = new RegExp(source, 'u')
    patternCache.set(source, compiled)
  }
  return compiled
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

/** Whether `value` is valid against `schema` (JSON Schema 2020-12, the keywords the document uses). */
function valid(schema: unknown, value: unknown): boolean {
  if (schema === true || schema === undefined) return true
  if (schema === false || !isObject(schema)) return false
  const s = schema
  if (Array.isArray(s.enum) && !s.enum.some((option) => equal(option, value))) return false
  if ('const' in s && !equal(s.const, value)) return false
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type]
    const actual = typeOf(value)
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return false
  }
  if (typeof value === 'string') {
    // Characters are code points (zod counts them so too).
    const length = [...value].length
    if (typeof s.minLength === 'number' && length < s.minLength) return false
    if (typeof s.maxLength === 'number' && length > s.maxLength) return false
    if (typeof s.pattern === 'string' && !regex(s.pattern).test(value)) return false
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) return false
    if (typeof s.maximum === 'number' && value > s.maximum) return false
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return false
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return false
    if (typeof s.multipleOf === 'number' && !Number.isInteger(value / s.multipleOf)) return false
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return false
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false
    if (s.uniqueItems === true && new Set(value.map((item) => JSON.stringify(item))).size !== value.length)
      return false
    if (s.items !== undefined && !value.every((item) => valid(s.items, item))) return false
  }
  if (isObject(value)) {
    const keys = Object.keys(value)
    const properties = isObject(s.properties) ? s.properties : {}
    if (Array.isArray(s.required) && !s.required.every((key) => keys.includes(String(key)))) return false
    if (typeof s.minProperties === 'number' && keys.length < s.minProperties) return false
    if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) return false
    for (const key of keys) {
      if (s.propertyNames !== undefined && !valid(s.propertyNames, key)) return false
      if (key in properties) {
        if (!valid(properties[key], value[key])) return false
      } else if (s.additionalProperties !== undefined && !valid(s.additionalProperties, value[key]))
        return false
    }
  }
  if (Array.isArray(s.allOf) && !s.allOf.every((sub) => valid(sub, value))) return false
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => valid(sub, value))) return false
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub) => valid(sub, value)).length !== 1) return false
  if (s.not !== undefined && valid(s.not, value)) return false
  return true
}

/** Characters strings are made of: ASCII, spaces and controls, letters of other scripts, bidi marks, an emoji. */
const UNIVERSE = [
  ...Array.from({ length: 0x5f }, (_, index) => String.fromCharCode(0x20 + index)),
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u00A0',
  'é',
  'ß',
  'İ',
  'Ж',
  '中',
  '\u2028',
  '\u202E',
  '\u3000',
  '\uFEFF',
  '\uD83D',
  '\uDE80',
]

type Node =
  | { kind: 'chars'; set: string[] }
  | { kind: 'text'; value: string }
  | { kind: 'group'; alternatives: Node[][]; capture?: number; lookahead?: 'positive' | 'negative' }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'backref'; index: number }

const classCache = new Map<string, string[]>()
function charSet(source: string): string[] {
  let set = classCache.get(source)
  if (!set) {
    const matcher = new RegExp(`^${source}$`)
    set = UNIVERSE.filter((char) => matcher.test(char))
    classCache.set(source, set)
  }
  return set
}

/** Parses the regular expressions the document uses into a tree a generator walks (no flags, ECMAScript). */
function parsePattern(source: string): Node[][] {
  let position = 0
  let captures = 0
  const peek = () => source[position]
  function atom(): Node {
    const char = source[position++] as string
    if (char === '(') {
      let lookahead: 'positive' | 'negative' | undefined
      let capture: number | undefined
      if (source.startsWith('?:', position)) position += 2
      else if (source.startsWith('?=', position)) {
        position += 2
        lookahead = 'positive'
      } else if (source.startsWith('?!', position)) {
        position += 2
        lookahead = 'negative'
      } else capture = ++captures
      const alternatives = alternation()
      position++ // ')'
      return {
        kind: 'group',
        alternatives,
        ...(capture ? { capture } : {}),
        ...(lookahead ? { lookahead } : {}),
      }
    }
    if (char === '[') {
      const start = position - 1
      if (peek() === '^') position++
      if (peek() === ']') position++
      while (peek() !== ']') position += peek() === '\\' ? 2 : 1
      position++
      return { kind: 'chars', set: charSet(source.slice(start, position)) }
    }
    if (char === '.') return { kind: 'chars', set: charSet('.') }
    if (char === '^' || char === '$') return { kind: 'text', value: '' }
    if (char === '\\') {
      const escaped = source[position++] as string
      if (/[dDwWsS]/.test(escaped)) return { kind: 'chars', set: charSet(`\\${escaped}`) }
      if (escaped === 'b' || escaped === 'B') return { kind: 'text', value: '' }
      if (/[1-9]/.test(escaped)) return { kind: 'backref', index: Number(escaped) }
      if (escaped === 'u' || escaped === 'x') {
        const length = escaped === 'u' ? 4 : 2
        const code = source.slice(position, position + length)
        position += length
        return { kind: 'text', value: String.fromCharCode(Number.parseInt(code, 16)) }
      }
      return { kind: 'text', value: escaped }
    }
    return { kind: 'text', value: char }
  }
  function quantified(): Node {
    const node = atom()
    const next = peek()
    let bounds: [number, number] | undefined
    if (next === '*') bounds = [0, Number.POSITIVE_INFINITY]
    else if (next === '+') bounds = [1, Number.POSITIVE_INFINITY]
    else if (next === '?') bounds = [0, 1]
    if (bounds) position++
    else if (next === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(position))
      if (match) {
        position += match[0].length
        const min = Number(match[1])
        bounds = [min, match[2] ? (match[3] ? Number(match[3]) : Number.POSITIVE_INFINITY) : min]
      }
    }
    if (!bounds) return node
    if (peek() === '?') position++ // lazy: the same strings
    return { kind: 'repeat', node, min: bounds[0], max: bounds[1] }
  }
  function sequence(): Node[] {
    const nodes: Node[] = []
    while (position < source.length && peek() !== '|' && peek() !== ')') nodes.push(quantified())
    return nodes
  }
  function alternation(): Node[][] {
    const alternatives = [sequence()]
    while (peek() === '|') {
      position++
      alternatives.push(sequence())
    }
    return alternatives
  }
  return alternation()
}

/** A string the pattern may match (its look-aheads are checked afterwards, by the validator). */
function fromPattern(source: string, next: () => number, length: number): string {
  const tree = parsePattern(source)
  const captured: string[] = []
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)]
  function generate(node: Node): string {
    switch (node.kind) {
      case 'text':
        return node.value
      case 'chars':
        return pick(node.set) ?? ''
      case 'backref':
        return captured[node.index] ?? ''
      case 'repeat': {
        const max = Number.isFinite(node.max) ? node.max : node.min + length
        const count = node.min + Math.floor(next() * (Math.min(max, node.min + length) - node.min + 1))
        return Array.from({ length: count }, () => generate(node.node)).join('')
      }
      case 'group': {
        if (node.lookahead === 'negative') return ''
        const text = (pick(node.alternatives) ?? []).map(generate).join('')
        if (node.capture) captured[node.capture] = text
        // A positive look-ahead's text is written out, so what follows sees it (`(?=.*[a-z])`).
        return text
      }
    }
  }
  return (pick(tree) ?? []).map(generate).join('')
}

/** `allOf` merged into its parent (the document's allOf holds string patterns): its patterns in `patterns`. */
function flatten(schema: Json): Json {
  if (!Array.isArray(schema.allOf)) return schema
  const { allOf, pattern, ...rest } = schema
  const merged: Json = { ...rest }
  const patterns: unknown[] = [pattern]
  for (const sub of allOf as Json[]) {
    const { pattern: subPattern, ...subRest } = sub
    Object.assign(merged, subRest)
    patterns.push(subPattern)
  }
  merged.patterns = patterns.filter(Boolean)
  return merged
}

function sampler(seed: number) {
  const next = random(seed)
  const chance = (p: number) => next() < p
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))

  function string(schema: Json): string {
    const flat = flatten(schema)
    const min = typeof flat.minLength === 'number' ? flat.minLength : 0
    const max = typeof flat.maxLength === 'number' ? flat.maxLength : min + 40
    const length = between(min, Math.min(max, min + 30))
    const patterns = [flat.pattern, ...((flat.patterns as unknown[]) ?? [])].filter(
      (pattern): pattern is string => typeof pattern === 'string',
    )
    if (patterns.length) {
      // The anchored pattern shapes the text; the others only filter it.
      const anchored = patterns.find((pattern) => pattern.startsWith('^')) ?? pick(patterns)
      let text = fromPattern(anchored, next, Math.max(1, length))
      // A pattern anchored only at its end (`\\.csv$`) or not at all adds its own text after.
      for (const other of patterns)
        if (other !== anchored && !other.startsWith('^') && !regex(other).test(text))
          text += fromPattern(other, next, 1)
      if (!anchored.startsWith('^') && chance(0.5)) text = `${pick([' ', '  ', 'x '])}${text}`
      if (!anchored.endsWith('$') && chance(0.5)) text = `${text}${pick([' ', ' \n', ' x'])}`
      // Spaces around the text, where the document allows them (a trim must not change what it accepts).
      if (chance(0.3)) {
        const padded = `${pick([' ', '\t', '\u00A0'])}${text}${pick([' ', '\n', ''])}`
        if (valid({ ...flat, allOf: patterns.map((pattern) => ({ pattern })) }, padded)) text = padded
      }
      return text
    }
    return pick([
      () => Array.from({ length }, () => pick(UNIVERSE)).join(''),
      () => ' '.repeat(Math.max(min, 1)),
      () => `  ${'a'.repeat(Math.max(0, Math.min(length, max - 4)))}  `,
      () => 'x'.repeat(max),
      () => 'x'.repeat(min),
    ])()
  }

  function number(schema: Json, integer: boolean): number {
    const min = typeof schema.minimum === 'number' ? schema.minimum : -1000
    const max = typeof schema.maximum === 'number' ? schema.maximum : 1000
    const candidates = [min, max, 0, 1, Math.min(max, min + 1)]
    const value = chance(0.5) ? pick(candidates) : min + next() * (max - min)
    return integer ? Math.round(value) : value
  }

  function object(schema: Json, depth: number): Json {
    const properties = isObject(schema.properties) ? schema.properties : {}
    const required = new Set((schema.required as string[] | undefined) ?? [])
    const value: Json = {}
    for (const [key, property] of Object.entries(properties))
      if (required.has(key) || chance(0.5)) value[key] = sample(property as Json, depth + 1)
    if (isObject(schema.additionalProperties) || schema.propertyNames) {
      const names = isObject(schema.propertyNames) ? schema.propertyNames : { type: 'string' }
      for (let index = between(0, 3); index > 0; index--)
        value[string(names)] = sample((schema.additionalProperties ?? {}) as Json, depth + 1)
    }
    const optional = Object.keys(properties).filter((key) => !(key in value))
    while (typeof schema.minProperties === 'number' && Object.keys(value).length < schema.minProperties) {
      const key = optional.shift()
      if (!key) break
      value[key] = sample(properties[key] as Json, depth + 1)
    }
    return value
  }

  function array(schema: Json, depth: number): unknown[] {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0
    const max = typeof schema.maxItems === 'number' ? schema.maxItems : min + 3
    const items = Array.from({ length: between(min, Math.min(max, min + 3)) }, () =>
      sample((schema.items ?? {}) as Json, depth + 1),
    )
    // The same item twice, where the document allows it.
    if (schema.uniqueItems !== true && items.length > 0 && items.length < max && chance(0.3))
      items.push(structuredClone(items[0]))
    return items
  }

  function sample(schema: Json, depth = 0): unknown {
    const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined
    if (options?.length) {
      const { anyOf: _a, oneOf: _o, ...rest } = schema
      const chosen = pick(options)
      // An option that only requires fields (or constrains the parent's) is merged into the parent.
      const merged =
        chosen.type || chosen.enum || 'const' in chosen || !rest.type ? { ...chosen } : { ...rest }
      if (!(chosen.type || chosen.enum || 'const' in chosen) && rest.type) {
        merged.required = [...((rest.required as string[]) ?? []), ...((chosen.required as string[]) ?? [])]
        merged.properties = {
          ...(rest.properties as Json),
          ...mergeProperties(rest.properties, chosen.properties),
        }
      }
      return sample(merged, depth)
    }
    if ('default' in schema && chance(0.2)) return schema.default
    if ('const' in schema) return schema.const
    if (Array.isArray(schema.enum)) return pick(schema.enum)
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['string']
    const type = pick(types)
    if (depth > 6) return type === 'object' ? {} : type === 'array' ? [] : null
    switch (type) {
      case 'string':
        return string(schema)
      case 'integer':
        return number(schema, true)
      case 'number':
        return number(schema, false)
      case 'boolean':
        return chance(0.5)
      case 'null':
        return null
      case 'array':
        return array(schema, depth)
      case 'object':
        return object(schema, depth)
      default:
        return null
    }
  }

  return { sample }
}

/** A branch's constraints on the parent's properties, merged over them (`{ mode: { const: 'custom' } }`). */
function mergeProperties(parent: unknown, branch: unknown): Json {
  if (!isObject(branch)) return {}
  const base = isObject(parent) ? parent : {}
  return Object.fromEntries(
    Object.entries(branch).map(([key, value]) => [key, { ...(base[key] as Json), ...(value as Json) }]),
  )
}

type Operation = {
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: Json }[]
  requestBody?: { content: Record<string, { schema: Json }> }
  'x-query-schema'?: Json
}

/** The issues zod answers a request with that no rule stated in words excuses. */
function unexcused(route: RouteEntry, part: Part, issues: z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const stated = Object.entries(DOCUMENTED).filter(
    ([at, rule]) => rule.refuses && at.startsWith(`${route.id} ${part}`),
  )
  return issues.filter((issue) => !stated.some(([, rule]) => rule.refuses?.test(issue.message)))
}

/** How a gateway hands query and path values over: text. */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

describe('requests the document allows are accepted', () => {
  const document = buildOpenApiDocument() as { paths: Record<string, Record<string, Operation>> }
  const SAMPLES = 60

  for (const route of ROUTE_LIST) {
    const operation = document.paths[route.path]?.[route.method.toLowerCase()] as Operation
    const parts = PARTS.filter(([, key]) => route[key])
    if (!parts.length) continue

    it(`${route.id}: document-valid samples pass the zod schemas`, () => {
      const { sample } = sampler([...route.id].reduce((hash, char) => hash * 31 + char.charCodeAt(0), 7))
      const refused: string[] = []
      const accepted: Record<string, number> = {}
      for (let attempt = 0; attempt < SAMPLES; attempt++) {
        for (const [part, key] of parts) {
          const schema = route[key] as z.ZodType
          let value: unknown
          if (part === 'body') {
            const body = operation.requestBody?.content['application/json']?.schema as Json
            value = sample(body)
            if (!valid(body, value)) continue
          } else {
            const parameters = operation.parameters.filter((parameter) => parameter.in === part)
            const values: Json = {}
            let compliant = true
            for (const parameter of parameters) {
              if (!parameter.required && next50(attempt, parameter.name)) continue
              const generated = sample(parameter.schema)
              if (!valid(parameter.schema, generated)) compliant = false
              values[parameter.name] = asText(generated)
            }
            const crossRules = part === 'query' ? operation['x-query-schema'] : undefined
            if (!compliant || (crossRules && !valid(crossRules, values))) continue
            value = values
          }
          accepted[part] = (accepted[part] ?? 0) + 1
          const result = schema.safeParse(value)
          if (!result.success) {
            const issues = unexcused(route, part, result.error.issues)
            if (issues.length)
              refused.push(
                `${part} ${JSON.stringify(value)} → ${issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
              )
          }
        }
      }
      expect(refused.slice(0, 5)).toEqual([])
      // The sampler reaches every part (it is not trivially passing).
      for (const [part] of parts)
        expect(accepted[part] ?? 0, `${route.id} ${part}: no valid sample`).toBeGreaterThan(0)
    })
  }
})

/** Whether to leave an optional parameter out: half the time, varying with the attempt. */
function next50(attempt: number, name: string): boolean {
  return ((attempt * 7 + name.length * 13) >> 1) % 2 === 0
}
