import type { IncomingMessage } from 'node:http'
import type { LocalAwsContext } from './context'
import { findSigningKey, type Principal } from './iam'
import { AUTH_ERRORS, AwsError, type Protocol } from './protocol'
import { parseAmzDate, parseAuthorization, signatureMatches } from './sigv4'

const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000

/**
 * Who signed a request, as AWS checks it: a known access key (and its session token), a SigV4 signature over the
 * request as sent, a date within 15 minutes; the errors are each protocol's own.
 */
export async function authenticate(
  context: LocalAwsContext,
  protocol: Protocol,
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  now: number,
): Promise<{ principal: Principal; region: string }> {
  const authorization = parseAuthorization(String(request.headers.authorization ?? ''))
  if (!authorization) throw AUTH_ERRORS.missing(protocol)
  const key = findSigningKey(context.state.data, authorization.accessKeyId, now)
  if (!key) throw AUTH_ERRORS.invalidToken(protocol)
  if (key.sessionToken !== undefined && request.headers['x-amz-security-token'] !== key.sessionToken)
    throw AUTH_ERRORS.invalidToken(protocol)
  const amzDate = String(request.headers['x-amz-date'] ?? '')
  const signedAt = parseAmzDate(amzDate)
  if (!signedAt) throw AUTH_ERRORS.badSignature(protocol)
  if (Math.abs(now - signedAt.getTime()) > MAX_CLOCK_SKEW_MS)
    throw AUTH_ERRORS.skewed(protocol, amzDate, new Date(now))
  if (key.expired) throw AUTH_ERRORS.expired(protocol)
  const rawPath = (request.url ?? '/').split('?')[0] ?? '/'
  const matches = await signatureMatches(
    {
      method: request.method ?? 'GET',
      path: rawPath,
      query: url.search.slice(1),
      headers: request.headers,
      body,
    },
    authorization,
    key,
  )
  if (!matches) throw AUTH_ERRORS.badSignature(protocol)
  return { principal: key.principal, region: authorization.region }
}

/** A JSON protocol's body (empty: `{}`); anything but an object is the protocol's malformed-body error. */
export function parseJson(body: Buffer, protocol: Protocol): Record<string, unknown> {
  if (body.length === 0) return {}
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>
  } catch {
    // answered below
  }
  throw new AwsError(
    400,
    protocol === 'kms' ? 'SerializationException' : 'BadRequestException',
    'Malformed JSON body',
  )
}
