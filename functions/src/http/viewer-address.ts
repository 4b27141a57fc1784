import { isIP } from 'node:net'
import { VIEWER_ADDRESS_HEADER } from '@app/contracts'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'

/**
 * Who is calling, for per-IP limits and the consent trail: the address CloudFront wrote (`VIEWER_ADDRESS_HEADER`,
 * always replaced at the edge) when it is a well-formed IP, else API Gateway's `sourceIp` (a direct call, the
 * local stack). `X-Forwarded-For` is never read: any client can write it.
 */
export function viewerAddress(event: APIGatewayProxyEventV2): string | undefined {
  const written = Object.entries(event.headers ?? {}).find(
    ([key]) => key.toLowerCase() === VIEWER_ADDRESS_HEADER,
  )?.[1]
  const value = written?.trim()
  if (value && isIP(value) !== 0) return value
  return event.requestContext?.http?.sourceIp
}
