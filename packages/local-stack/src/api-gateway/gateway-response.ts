import type { ErrorBody, ErrorCode } from '@app/contracts'
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'

export interface GatewayResponse {
  statusCode: number
  headers: Record<string, string | string[]>
  body: Buffer
}

/**
 * How an HTTP API turns a payload-2.0 Lambda result into a response: a result with `statusCode` is taken as
 * structured (headers, cookies → Set-Cookie, base64 body); anything else is JSON with status 200.
 */
export function toGatewayResponse(result: unknown): GatewayResponse {
  if (typeof result === 'object' && result !== null && 'statusCode' in result) {
    const structured = result as APIGatewayProxyStructuredResultV2
    if (!Number.isInteger(structured.statusCode))
      return errorResponse(500, 'internal.error', 'The function returned an invalid response.')
    const headers: Record<string, string | string[]> = Object.fromEntries(
      Object.entries(structured.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
    )
    if (structured.cookies?.length) headers['set-cookie'] = structured.cookies
    const body = structured.body ?? ''
    return {
      statusCode: structured.statusCode ?? 200,
      headers,
      body: Buffer.from(body, structured.isBase64Encoded ? 'base64' : 'utf8'),
    }
  }
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result ?? null)),
  }
}

/** The gateway's own answers (no route, no valid token, too large, failed integration) in the API's error shape. */
export function errorResponse(
  statusCode: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): GatewayResponse {
  const body: ErrorBody = { error: { code, message } }
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify(body)),
  }
}
