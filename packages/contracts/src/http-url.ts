import type * as z from 'zod'

/** A host name: letter-or-digit labels, the last one starting with a letter (so never read as an IP address). */
const LABEL = '(?![Xx][Nn]--)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
const LAST_LABEL = '(?![Xx][Nn]--)[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'

/**
 * The form of an http(s) URL the document states: the scheme, a host name (no IP address, user or port; no
 * `xn--` label, which must be valid Punycode), then a path, query or fragment without spaces or controls. Every
 * such URL parses; the check (`z.url`, the WHATWG parser) also takes other forms, which the description names.
 */
export const httpUrlPattern = (scheme: 'http' | 'https') =>
  new RegExp(
    `^${scheme === 'http' ? 'https?' : 'https'}://(?:${LABEL}\\.)*${LAST_LABEL}(?:[/?#][\\x21-\\x7E]*)?$`,
  )

/** Documents a `z.url({ protocol })` schema by `httpUrlPattern` (the check itself is unchanged). */
export function httpUrl<S extends z.ZodURL>(schema: S, scheme: 'http' | 'https'): S {
  return schema.meta({
    pattern: httpUrlPattern(scheme).source,
    description: `An ${scheme === 'http' ? 'http or https' : 'https'} URL. The pattern is the common form; the API also accepts other URLs its parser reads (IP addresses, ports, international domain names).`,
  }) as S
}
