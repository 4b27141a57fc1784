import { createHash } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import {
  parseAmzDate,
  parseAuthorization,
  parseQueryAuthorization,
  presignedSignatureMatches,
  signatureMatches,
} from '../local-aws/sigv4'

/** An S3 error answer: `<Error><Code>…</Code><Message>…</Message>…</Error>` with its HTTP status. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message)
  }
}

export interface S3Request {
  method: string
  /** The request target as received: raw path and query. */
  url: string
  headers: IncomingHttpHeaders
  /** The body's SHA-256 (hex), computed when the client signed it (`needsBodyHash`). */
  bodySha256?: string
}

export interface S3AuthOptions {
  region: string
  /** Access key id → secret access key. */
  keys: ReadonlyMap<string, string>
  now?: () => number
}

const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000
const PAYLOAD_HASH = /^[0-9a-f]{64}$/
const EMPTY_SHA256 = createHash('sha256').digest('hex')

/** A header-signed request whose body must be read (and hashed) before it is authenticated. */
export function needsBodyHash(headers: IncomingHttpHeaders): boolean {
  return headers.authorization !== undefined && PAYLOAD_HASH.test(String(headers['x-amz-content-sha256']))
}

/**
 * S3's authentication, SigV4 only: an `Authorization: AWS4-HMAC-SHA256 …` header (with `x-amz-date` and
 * `x-amz-content-sha256`: `UNSIGNED-PAYLOAD` or the body's SHA-256) or a presigned URL's query parameters. Throws
 * the S3Error S3 answers; returns when the request may go on. CORS preflights are not for this function.
 */
export async function authenticateS3(request: S3Request, options: S3AuthOptions): Promise<void> {
  const now = options.now?.() ?? Date.now()
  const [path = '/', query = ''] = splitTarget(request.url)
  const header = request.headers.authorization
  const presigned = /(^|&)X-Amz-Algorithm=/.test(query)
  if (header !== undefined && presigned)
    throw new S3Error(
      400,
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string ' +
        'parameter or the Authorization header should be specified',
    )
  if (header === undefined && !presigned) {
    if (/(^|&)(Signature|AWSAccessKeyId)=/.test(query)) throw unsupportedMechanism()
    throw new S3Error(403, 'AccessDenied', 'Access Denied')
  }
  if (presigned) return authenticatePresigned(request.method, path, query, request.headers, options, now)

  if (String(header).startsWith('AWS ')) throw unsupportedMechanism()
  const authorization = parseAuthorization(String(header))
  if (!authorization)
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; the authorization header requires three components: ' +
        'Credential, SignedHeaders, and Signature.',
    )
  checkScope(
    authorization,
    options.region,
    'AuthorizationHeaderMalformed',
    'The authorization header is malformed;',
  )
  const payloadHash = request.headers['x-amz-content-sha256']
  if (payloadHash === undefined)
    throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256')
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && !PAYLOAD_HASH.test(String(payloadHash)))
    throw new S3Error(
      501,
      'NotImplemented',
      `x-amz-content-sha256 "${payloadHash}" is not supported by the local S3: sign UNSIGNED-PAYLOAD or the body's ` +
        'SHA-256 (no aws-chunked streaming payloads)',
    )
  const amzDate = String(request.headers['x-amz-date'] ?? '')
  const signedAt = parseAmzDate(amzDate)
  if (!signedAt)
    throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header')
  if (Math.abs(now - signedAt.getTime()) > MAX_CLOCK_SKEW_MS)
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
      {
        RequestTime: amzDate,
        ServerTime: isoSeconds(now),
        MaxAllowedSkewMilliseconds: String(MAX_CLOCK_SKEW_MS),
      },
    )
  const secretAccessKey = secretFor(authorization.accessKeyId, options)
  const bodySha256 = request.bodySha256 ?? EMPTY_SHA256
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && bodySha256 !== payloadHash)
    throw new S3Error(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
      { ClientComputedContentSHA256: String(payloadHash), S3ComputedContentSHA256: bodySha256 },
    )
  const signed = {
    method: request.method,
    path,
    query,
    headers: request.headers,
    body: Buffer.alloc(0),
    bodySha256,
  }
  if (!(await signatureMatches(signed, authorization, { secretAccessKey })))
    throw signatureMismatch(authorization.accessKeyId)
}

async function authenticatePresigned(
  method: string,
  path: string,
  query: string,
  headers: IncomingHttpHeaders,
  options: S3AuthOptions,
  now: number,
): Promise<void> {
  if (!/(^|&)X-Amz-Algorithm=AWS4-HMAC-SHA256(&|$)/.test(query))
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"',
    )
  const authorization = parseQueryAuthorization(query)
  if (!authorization)
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, ' +
        'X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters (X-Amz-Date as yyyyMMddTHHmmssZ, ' +
        'X-Amz-Expires from 1 to 604800 seconds).',
    )
  checkScope(
    authorization,
    options.region,
    'AuthorizationQueryParametersError',
    'Error parsing the X-Amz-Credential parameter;',
  )
  const expiresAt = authorization.signedAt.getTime() + authorization.expiresSeconds * 1000
  if (now > expiresAt)
    throw new S3Error(403, 'AccessDenied', 'Request has expired', {
      'X-Amz-Expires': String(authorization.expiresSeconds),
      Expires: isoSeconds(expiresAt),
      ServerTime: isoSeconds(now),
    })
  const secretAccessKey = secretFor(authorization.accessKeyId, options)
  if (
    !(await presignedSignatureMatches({ method, path, query, headers }, authorization, { secretAccessKey }))
  )
    throw signatureMismatch(authorization.accessKeyId)
}

function checkScope(
  scope: { region: string; service: string },
  region: string,
  code: string,
  prefix: string,
): void {
  if (scope.service !== 's3')
    throw new S3Error(
      400,
      code,
      `${prefix} incorrect service "${scope.service}". This endpoint belongs to "s3".`,
    )
  if (scope.region !== region)
    throw new S3Error(400, code, `${prefix} the region '${scope.region}' is wrong; expecting '${region}'`, {
      Region: region,
    })
}

function secretFor(accessKeyId: string, options: S3AuthOptions): string {
  const secret = options.keys.get(accessKeyId)
  if (secret === undefined)
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
      {
        AWSAccessKeyId: accessKeyId,
      },
    )
  return secret
}

const signatureMismatch = (accessKeyId: string) =>
  new S3Error(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    { AWSAccessKeyId: accessKeyId },
  )

const unsupportedMechanism = () =>
  new S3Error(
    400,
    'InvalidRequest',
    'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
  )

function splitTarget(url: string): [string, string] {
  const mark = url.indexOf('?')
  return mark < 0 ? [url, ''] : [url.slice(0, mark), url.slice(mark + 1)]
}

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z')

/** The error as S3 writes it; the SDK maps `Code` to its exception. */
export function errorXml(error: S3Error, requestId: string): string {
  const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error>' +
    element('Code', error.code) +
    element('Message', error.message) +
    Object.entries(error.details)
      .map(([name, value]) => element(name, value))
      .join('') +
    element('RequestId', requestId) +
    '</Error>'
  )
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
