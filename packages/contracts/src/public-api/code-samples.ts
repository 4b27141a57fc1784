import { buildPath, IDEMPOTENCY_KEY_HEADER, type RouteDefinition } from '../route-definition'
import { queryString } from '../route-request'
import { EXAMPLE_API_KEY_VARIABLE, EXAMPLE_BASE_URL, type RouteExample } from './examples'

/**
 * An operation's documented example as code to copy: a curl command and a call of the TypeScript client
 * (`@ses-studio/client`). Both are written from the same `RouteExample`; the OpenAPI document carries them as
 * `x-codeSamples`, the reference page shows them, and `api-examples.int.test.ts` runs the curl one.
 */
export interface CodeSample {
  lang: 'Shell' | 'TypeScript'
  label: 'curl' | 'TypeScript'
  source: string
}

/** A shell word in single quotes (a `'` inside closes, escapes and reopens). */
const shellQuoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`

export function exampleUrl(route: Pick<RouteDefinition, 'path'>, example: RouteExample): string {
  return EXAMPLE_BASE_URL + buildPath(route.path, example.params) + queryString(example.query)
}

export function curlSample(route: Pick<RouteDefinition, 'path' | 'method'>, example: RouteExample): string {
  const lines = [
    `curl ${route.method === 'GET' ? '' : `-X ${route.method} `}${shellQuoted(exampleUrl(route, example))}`,
    `-H "Authorization: Bearer $${EXAMPLE_API_KEY_VARIABLE}"`,
  ]
  if (example.idempotencyKey)
    lines.push(`-H ${shellQuoted(`${IDEMPOTENCY_KEY_HEADER}: ${example.idempotencyKey}`)}`)
  if (example.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`)
    lines.push(`-d ${shellQuoted(JSON.stringify(example.body, null, 2))}`)
  }
  return lines.join(' \\\n  ')
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** A value as a TypeScript literal: single-quoted strings, bare keys where they may be, two-space indents. */
export function typescriptLiteral(value: unknown, indent = ''): string {
  const inner = `${indent}  `
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const items = value.map((item) => typescriptLiteral(item, inner))
    const flat = `[${items.join(', ')}]`
    return flat.length <= 60 && !flat.includes('\n')
      ? flat
      : `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
    if (entries.length === 0) return '{}'
    const fields = entries.map(
      ([key, item]) =>
        `${IDENTIFIER.test(key) ? key : typescriptLiteral(key)}: ${typescriptLiteral(item, inner)}`,
    )
    const flat = `{ ${fields.join(', ')} }`
    return flat.length <= 60 && !flat.includes('\n')
      ? flat
      : `{\n${fields.map((field) => `${inner}${field},`).join('\n')}\n${indent}}`
  }
  return JSON.stringify(value)
}

export function typescriptSample(
  route: { id: string } & Pick<RouteDefinition, 'status'>,
  example: RouteExample,
): string {
  const input = Object.fromEntries(
    (['params', 'query', 'body', 'idempotencyKey'] as const)
      .filter((name) => example[name] !== undefined)
      .map((name) => [name, example[name]]),
  )
  const call = `api.${route.id}(${Object.keys(input).length ? typescriptLiteral(input) : ''})`
  return [
    `import { createClient } from '@ses-studio/client'`,
    '',
    `const api = createClient({ baseUrl: '${EXAMPLE_BASE_URL}', apiKey: process.env.${EXAMPLE_API_KEY_VARIABLE} ?? '' })`,
    '',
    route.status === 204 ? `await ${call}` : `const result = await ${call}`,
  ].join('\n')
}

export function codeSamples(route: { id: string } & RouteDefinition, example: RouteExample): CodeSample[] {
  return [
    { lang: 'Shell', label: 'curl', source: curlSample(route, example) },
    { lang: 'TypeScript', label: 'TypeScript', source: typescriptSample(route, example) },
  ]
}
