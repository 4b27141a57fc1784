import { AppError } from '@app/core'

const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]+\+)?json(;|$)/i

/** The first `__proto__` key anywhere in a parsed body, as a path (`body.attributes.__proto__`). */
function protoKeyPath(value: unknown, path: string): string | undefined {
  if (value === null || typeof value !== 'object') return undefined
  for (const key of Object.keys(value)) {
    const at = `${path}.${key}`
    if (key === '__proto__') return at
    const found = protoKeyPath((value as Record<string, unknown>)[key], at)
    if (found) return found
  }
  return undefined
}

/**
 * A JSON request body, parsed. `JSON.parse` keeps a `__proto__` key as an own property (it is valid JSON), but
 * any later plain assignment of it would set an object's prototype, so the field is refused as `request.invalid`
 * naming it, like any other field the API does not take, not as unparseable JSON.
 */
export function parseJsonBody(
  headers: Record<string, string | undefined> | undefined,
  raw: string | undefined,
  base64: boolean,
): unknown {
  const contentType = Object.entries(headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'content-type',
  )?.[1]
  if (!JSON_MEDIA_TYPE.test(contentType ?? ''))
    throw new AppError(
      'request.unsupported_media_type',
      'Send the body as JSON (Content-Type: application/json).',
    )
  let parsed: unknown
  try {
    if (raw === undefined) throw new SyntaxError('no body')
    parsed = JSON.parse(base64 ? Buffer.from(raw, 'base64').toString('utf8') : raw)
  } catch {
    throw new AppError('request.invalid_json', 'The request body is not valid JSON.')
  }
  const proto = protoKeyPath(parsed, 'body')
  if (proto) throw new AppError('request.invalid', `${proto}: This name is not accepted (it is reserved).`)
  return parsed
}
