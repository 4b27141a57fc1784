import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { SignatureV4 } from '@smithy/signature-v4'

export interface AuthorizationHeader {
  accessKeyId: string
  /** Credential scope. */
  date: string
  region: string
  service: string
  signedHeaders: string[]
  signature: string
}

/** `AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/ses/aws4_request, SignedHeaders=a;b, Signature=hex`. */
export function parseAuthorization(header: string | undefined): AuthorizationHeader | undefined {
  if (!header?.startsWith('AWS4-HMAC-SHA256 ')) return undefined
  const fields = Object.fromEntries(
    header
      .slice('AWS4-HMAC-SHA256 '.length)
      .split(',')
      .map((part) => part.trim().split('=') as [string, string | undefined]),
  )
  const scope = parseCredential(fields.Credential)
  if (!scope || !fields.SignedHeaders || !fields.Signature) return undefined
  return { ...scope, signedHeaders: fields.SignedHeaders.split(';'), signature: fields.Signature }
}

/** `AKID/20250101/us-east-1/s3/aws4_request`. */
function parseCredential(value: string | undefined) {
  const credential = (value ?? '').split('/')
  const [accessKeyId, date, region, service, terminator] = credential
  if (
    credential.length !== 5 ||
    terminator !== 'aws4_request' ||
    !accessKeyId ||
    !date ||
    !region ||
    !service
  )
    return undefined
  return { accessKeyId, date, region, service }
}

/** The query parameters of query-string authentication (a presigned URL), `X-Amz-Signature` last. */
export const QUERY_AUTH_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
] as const

/** The most a presigned URL may live: 7 days. */
export const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60

export interface QueryAuthorization extends AuthorizationHeader {
  /** `X-Amz-Date`, when the URL was signed. */
  signedAt: Date
  /** `X-Amz-Expires`, seconds after `signedAt` (1 … 7 days). */
  expiresSeconds: number
}

/**
 * A presigned URL's authentication (`X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=…&X-Amz-Date=…&
 * X-Amz-Expires=…&X-Amz-SignedHeaders=…&X-Amz-Signature=…`, names case-sensitive); undefined when one is missing or
 * malformed. Expiry is the caller's to enforce.
 */
export function parseQueryAuthorization(query: string): QueryAuthorization | undefined {
  let params: Record<string, string | string[]>
  try {
    params = parseQuery(query)
  } catch {
    return undefined
  }
  const value = (name: string) => (typeof params[name] === 'string' ? params[name] : undefined)
  if (value('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return undefined
  const scope = parseCredential(value('X-Amz-Credential'))
  const signedAt = parseAmzDate(value('X-Amz-Date'))
  const expires = value('X-Amz-Expires') ?? ''
  const expiresSeconds = /^\d{1,7}$/.test(expires) ? Number(expires) : 0
  const signedHeaders = value('X-Amz-SignedHeaders')
  const signature = value('X-Amz-Signature')
  if (!scope || !signedAt || !signedHeaders || !signature) return undefined
  if (expiresSeconds < 1 || expiresSeconds > MAX_PRESIGNED_SECONDS) return undefined
  return { ...scope, signedHeaders: signedHeaders.split(';'), signature, signedAt, expiresSeconds }
}

/** SHA-256 (or HMAC-SHA-256 with a secret) in the shape the smithy signer expects. */
export class NodeSha256 {
  private hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = this.create()
  }
  private create() {
    if (this.secret === undefined) return createHash('sha256')
    const key =
      typeof this.secret === 'string'
        ? this.secret
        : ArrayBuffer.isView(this.secret)
          ? Buffer.from(this.secret.buffer, this.secret.byteOffset, this.secret.byteLength)
          : Buffer.from(this.secret)
    return createHmac('sha256', key)
  }
  update(data: string | Uint8Array): void {
    this.hash.update(data)
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest()
  }
  reset(): void {
    this.hash = this.create()
  }
}

export interface SignedRequest {
  method: string
  /** The path as received (still percent-encoded), without the query. */
  path: string
  /** The raw query string, without `?`. */
  query: string
  headers: IncomingHttpHeaders
  body: Buffer
  /** The body's SHA-256 (hex) when the caller hashed it as it streamed by; `body` is then not hashed. */
  bodySha256?: string
}

/** `20250101T120000Z` → Date. */
export function parseAmzDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '')
  if (!match) return undefined
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[]
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s))
}

/** The raw query as the signer sees it (names and values percent-decoded); throws URIError on a bad escape. */
export function parseQuery(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {}
  for (const pair of query.split('&')) {
    if (!pair) continue
    const [rawName = '', rawValue = ''] = pair.split(/=(.*)/s)
    const name = decodeURIComponent(rawName)
    const value = decodeURIComponent(rawValue)
    const existing = result[name]
    result[name] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]
  }
  return result
}

/**
 * Recomputes the request's SigV4 signature with the secret the access key id belongs to — exactly the headers
 * the client listed as signed, the same canonical path and query rules as the SDK's signer — and compares.
 */
export async function signatureMatches(
  request: SignedRequest,
  authorization: AuthorizationHeader,
  credentials: { secretAccessKey: string; sessionToken?: string },
): Promise<boolean> {
  const signingDate = parseAmzDate(headerValue(request.headers, 'x-amz-date'))
  if (!signingDate) return false
  // The signer trusts a given payload hash header; the body must match it.
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256')
  if (
    payloadHash !== undefined &&
    payloadHash !== 'UNSIGNED-PAYLOAD' &&
    payloadHash !== (request.bodySha256 ?? createHash('sha256').update(request.body).digest('hex'))
  )
    return false
  const headers = signedHeaderValues(request.headers, authorization.signedHeaders)
  // The token only when the client signed it: the signer adds (and signs) the token header whenever it has one.
  const token = authorization.signedHeaders.includes('x-amz-security-token')
    ? credentials.sessionToken
    : undefined
  const signed = await signerFor(authorization, { ...credentials, sessionToken: token }).sign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: (headers.host ?? 'localhost').split(':')[0] ?? 'localhost',
      path: request.path,
      query: parseQuery(request.query),
      headers,
      body: request.body,
    },
    { signingDate, signingRegion: authorization.region, signingService: authorization.service },
  )
  const expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization ?? ''))?.[1] ?? ''
  return sameSignature(expected, authorization.signature)
}

/**
 * The same for a presigned URL: the canonical query is every parameter but `X-Amz-Signature` (the auth parameters
 * included), the headers are those `X-Amz-SignedHeaders` lists, and the payload is `UNSIGNED-PAYLOAD` (unless the
 * signer listed an `x-amz-content-sha256` header, whose value then stands for it, as the SDK's presigner does).
 * The body is never read. Expiry is the caller's to check.
 */
export async function presignedSignatureMatches(
  request: Omit<SignedRequest, 'body'>,
  authorization: QueryAuthorization,
  credentials: { secretAccessKey: string; sessionToken?: string },
): Promise<boolean> {
  const query = parseQuery(request.query)
  // The signer adds these itself (the token only when it has one), from the values we hand it.
  for (const name of QUERY_AUTH_PARAMS) delete query[name]
  const signedToken = 'X-Amz-Security-Token' in query
  delete query['X-Amz-Security-Token']
  const headers = signedHeaderValues(request.headers, authorization.signedHeaders)
  const unsignedPayload = headers['x-amz-content-sha256'] === undefined
  const presigned = await signerFor(authorization, {
    ...credentials,
    sessionToken: signedToken ? (credentials.sessionToken ?? '') : undefined,
  }).presign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: (headers.host ?? 'localhost').split(':')[0] ?? 'localhost',
      path: request.path,
      query,
      headers: unsignedPayload ? { ...headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } : headers,
    },
    {
      signingDate: authorization.signedAt,
      expiresIn: authorization.expiresSeconds,
      signingRegion: authorization.region,
      signingService: authorization.service,
      // Exactly the listed headers are signed, and none moves into the query.
      signableHeaders: new Set(authorization.signedHeaders),
      unsignableHeaders: unsignedPayload ? new Set(['x-amz-content-sha256']) : undefined,
      unhoistableHeaders: new Set([...Object.keys(headers), 'x-amz-content-sha256']),
    },
  )
  return sameSignature(String(presigned.query?.['X-Amz-Signature'] ?? ''), authorization.signature)
}

function signerFor(
  authorization: AuthorizationHeader,
  credentials: { secretAccessKey: string; sessionToken?: string },
): SignatureV4 {
  return new SignatureV4({
    credentials: {
      accessKeyId: authorization.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      sessionToken: credentials.sessionToken,
    },
    region: authorization.region,
    service: authorization.service,
    sha256: NodeSha256,
    applyChecksum: false,
    // S3 signs the path as sent: neither normalised nor encoded a second time.
    uriEscapePath: authorization.service !== 's3',
  })
}

/** The values of the headers the client listed as signed (absent ones left out, so the list then differs). */
function signedHeaderValues(headers: IncomingHttpHeaders, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const name of names) {
    const value = headerValue(headers, name)
    if (value !== undefined) values[name] = value
  }
  return values
}

/** Constant-time comparison of hex signatures. */
function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return expected.length > 0 && a.length === b.length && timingSafeEqual(a, b)
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value.join(',') : value
}
