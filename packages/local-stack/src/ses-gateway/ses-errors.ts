import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'

/** SES v2's error shape: the type in `x-amzn-errortype`, `{ "message" }` in the body (what the SDK parses). */
export function sendSesError(response: ServerResponse, status: number, type: string, message: string): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-amzn-errortype': type,
    'x-amzn-requestid': randomUUID(),
  })
  response.end(JSON.stringify({ message }))
}

export function errorTypeForStatus(status: number): string {
  if (status === 404) return 'NotFoundException'
  if (status === 409) return 'AlreadyExistsException'
  if (status === 429) return 'TooManyRequestsException'
  if (status >= 500) return 'InternalServiceErrorException'
  return 'BadRequestException'
}
