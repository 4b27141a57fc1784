import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'

/** The wire protocol of a call: SES v2 is REST JSON, KMS is JSON 1.1, STS and SNS are the query protocol (XML). */
export type Protocol = 'ses' | 'kms' | 'sts' | 'sns' | 'scheduler'

/** The query-protocol services answer errors as XML in their namespace, with their own auth error codes. */
const QUERY_NAMESPACES: Partial<Record<Protocol, string>> = {
  sts: 'https://sts.amazonaws.com/doc/2011-06-15/',
  sns: 'http://sns.amazonaws.com/doc/2010-03-31/',
}
const isQuery = (protocol: Protocol) => protocol === 'sts' || protocol === 'sns'

/** An error as the service would answer it; rendered in the caller's protocol. */
export class AwsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const DEFAULT_STATUS: Record<string, number> = {
  AccessDenied: 403,
  AccessDeniedException: 403,
  ExpiredToken: 403,
  ExpiredTokenException: 403,
  InvalidClientTokenId: 403,
  UnrecognizedClientException: 403,
  SignatureDoesNotMatch: 403,
  NotFoundException: 404,
  NotFound: 404,
  ResourceNotFound: 404,
  AuthorizationError: 403,
  Throttled: 429,
  InternalError: 500,
  TooManyRequestsException: 429,
  ThrottlingException: 400,
  Throttling: 400,
  InternalServiceErrorException: 500,
  InternalFailure: 500,
  KMSInternalException: 500,
  ServiceUnavailable: 503,
  ServiceUnavailableException: 503,
  DependencyTimeoutException: 503,
}

/** The status AWS answers an error code with (400 unless it is one of the well-known others). */
export const statusForCode = (code: string) => DEFAULT_STATUS[code] ?? 400

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

export function sendAwsError(response: ServerResponse, protocol: Protocol, error: AwsError): void {
  const requestId = randomUUID()
  const namespace = QUERY_NAMESPACES[protocol]
  if (namespace) {
    const type = error.status >= 500 ? 'Receiver' : 'Sender'
    response.writeHead(error.status, { 'content-type': 'text/xml', 'x-amzn-requestid': requestId })
    response.end(
      `<ErrorResponse xmlns="${namespace}">\n  <Error>\n    <Type>${type}</Type>\n    <Code>${escapeXml(error.code)}</Code>\n    <Message>${escapeXml(error.message)}</Message>\n  </Error>\n  <RequestId>${requestId}</RequestId>\n</ErrorResponse>\n`,
    )
    return
  }
  if (protocol === 'kms') {
    response.writeHead(error.status, {
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-requestid': requestId,
    })
    response.end(JSON.stringify({ __type: error.code, message: error.message }))
    return
  }
  response.writeHead(error.status, {
    'content-type': 'application/json',
    'x-amzn-errortype': error.code,
    'x-amzn-requestid': requestId,
  })
  response.end(JSON.stringify({ message: error.message }))
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  contentType?: string,
): void {
  response.writeHead(status, {
    'content-type': contentType ?? 'application/json',
    'x-amzn-requestid': randomUUID(),
  })
  response.end(JSON.stringify(body))
}

export const AUTH_ERRORS = {
  invalidToken: (protocol: Protocol) =>
    new AwsError(
      403,
      isQuery(protocol) ? 'InvalidClientTokenId' : 'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    ),
  badSignature: (protocol: Protocol) =>
    new AwsError(
      protocol === 'kms' ? 400 : 403,
      protocol === 'kms' ? 'InvalidSignatureException' : 'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    ),
  expired: (protocol: Protocol) =>
    new AwsError(
      protocol === 'kms' ? 400 : 403,
      isQuery(protocol) ? 'ExpiredToken' : 'ExpiredTokenException',
      'The security token included in the request is expired',
    ),
  missing: (protocol: Protocol) =>
    isQuery(protocol)
      ? new AwsError(403, 'MissingAuthenticationToken', 'Request is missing Authentication Token')
      : new AwsError(
          protocol === 'kms' ? 400 : 403,
          'MissingAuthenticationTokenException',
          'Missing Authentication Token',
        ),
  skewed: (protocol: Protocol, signed: string, now: Date) => {
    const format = (date: Date) =>
      date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')
    const limit = new Date(now.getTime() - 15 * 60_000)
    return new AwsError(
      protocol === 'kms' ? 400 : 403,
      protocol === 'kms' ? 'InvalidSignatureException' : 'SignatureDoesNotMatch',
      `Signature expired: ${signed} is now earlier than ${format(limit)} (${format(now)} - 15 min.)`,
    )
  },
}

/**
 * `AccessDeniedException` (SES, KMS) / `AccessDenied` (STS) naming the principal and the action. SNS says
 * `AuthorizationError`, spells the action `SNS:Subscribe` and always names the resource.
 */
export function accessDenied(
  protocol: Protocol,
  principalArn: string,
  action: string,
  resource?: string,
): AwsError {
  if (protocol === 'sns') {
    const snsAction = action.replace(/^sns:/, 'SNS:')
    return new AwsError(
      403,
      'AuthorizationError',
      `User: ${principalArn} is not authorized to perform: ${snsAction} on resource: ${resource ?? '*'} because no identity-based policy allows the ${snsAction} action`,
    )
  }
  const code = protocol === 'sts' ? 'AccessDenied' : 'AccessDeniedException'
  const message = resource
    ? `User: ${principalArn} is not authorized to perform: ${action} on resource: ${resource}${protocol === 'kms' ? ` because no resource-based policy allows the ${action} action` : ''}`
    : `User: ${principalArn} is not authorized to perform: ${action} because no identity-based policy allows the ${action} action`
  return new AwsError(protocol === 'kms' ? 400 : 403, code, message)
}
