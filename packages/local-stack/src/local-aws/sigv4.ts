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
  const credential = (fields.Credential ?? '').split('/')
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
  if (!fields.SignedHeaders || !fields.Signature) return undefined
  return {
    accessKeyId,
    date,
    region,
    service,
    signedHeaders: fields.SignedHeaders.split(';'),
    signature: fields.Signature,
  }
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
}

/** `20250101T120000Z` → Date. */
export function parseAmzDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '')
  if (!match) return undefined
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[]
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s))
}

function parseQuery(query: string): Record<string, string | string[]> {
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
    payloadHash !== createHash('sha256').update(request.body).digest('hex')
  )
    return false
  const headers: Record<string, string> = {}
  for (const name of authorization.signedHeaders) {
    const value = headerValue(request.headers, name)
    if (value !== undefined) headers[name] = value
  }
  const signer = new SignatureV4({
    credentials: {
      accessKeyId: authorization.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      // Only when the client signed it: the signer adds (and signs) the token header whenever it has one.
      sessionToken: authorization.signedHeaders.includes('x-amz-security-token')
        ? credentials.sessionToken
        : undefined,
    },
    region: authorization.region,
    service: authorization.service,
    sha256: NodeSha256,
    applyChecksum: false,
    uriEscapePath: authorization.service !== 's3',
  })
  const signed = await signer.sign(
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
  const given = Buffer.from(authorization.signature)
  return expected.length === given.length && timingSafeEqual(Buffer.from(expected), given)
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value.join(',') : value
}
