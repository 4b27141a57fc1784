/**
 * Secrets that travel in addresses (invitation and join tokens, signed unsubscribe links, OAuth codes, AWS
 * presigned signatures …) must not reach Sentry or logs. One rule, used by the browser's Sentry hooks and the
 * API's request logs: a query or fragment parameter whose name says it holds a secret keeps its name, and its
 * value becomes `[Filtered]`. Everything else in the address is left byte for byte as it was.
 * Free of zod: the browser loads it with the Sentry SDK.
 */

export const FILTERED = '[Filtered]'

/**
 * Parameter names (lower-cased, `-`/`_` removed) holding secrets, and the endings that say so
 * (`inviteToken`, `X-Amz-Signature`, `api_key`, `client_secret`, `oauthCode` …).
 */
const SECRET_NAMES = new Set(['sig', 'auth', 'jwt', 'otp', 'pwd', 'pass', 'state', 'session', 'credential'])
const SECRET_ENDINGS = [
  'token',
  'secret',
  'signature',
  'password',
  'passwd',
  'key',
  'code',
  'sig',
  'credential',
]

export function isSecretParameter(name: string): boolean {
  let decoded = name
  try {
    decoded = decodeURIComponent(name.replaceAll('+', ' '))
  } catch {
    // A malformed escape: judge the raw name.
  }
  const normalized = decoded.toLowerCase().replace(/[-_.\s[\]]/g, '')
  return SECRET_NAMES.has(normalized) || SECRET_ENDINGS.some((ending) => normalized.endsWith(ending))
}

/** `a=1&token=abc` → `a=1&token=[Filtered]`; a leading `?` or `#` is kept. */
export function scrubQueryString(query: string): string {
  const prefix = query.startsWith('?') || query.startsWith('#') ? query.slice(0, 1) : ''
  const body = query.slice(prefix.length)
  if (!body.includes('=')) return query
  return (
    prefix +
    body
      .split(/([&;])/)
      .map((part) => {
        if (part === '&' || part === ';') return part
        const equals = part.indexOf('=')
        if (equals < 0) return part
        return isSecretParameter(part.slice(0, equals)) ? `${part.slice(0, equals + 1)}${FILTERED}` : part
      })
      .join('')
  )
}

/**
 * An absolute URL, a path with its query and fragment, or a bare query string, with secret values filtered in
 * the query and in a parameter-style fragment (`#token=…`). A plain fragment (`#pricing`) is kept.
 */
export function scrubUrl(url: string): string {
  const hash = url.indexOf('#')
  const beforeHash = hash < 0 ? url : url.slice(0, hash)
  const fragment = hash < 0 ? '' : scrubQueryString(url.slice(hash))
  const question = beforeHash.indexOf('?')
  if (question < 0) return beforeHash + fragment
  return beforeHash.slice(0, question) + scrubQueryString(beforeHash.slice(question)) + fragment
}
