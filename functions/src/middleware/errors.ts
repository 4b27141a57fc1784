import { type ErrorCode, type ErrorDetails, statusForError } from '@app/contracts'
import { AppError } from '@app/core'
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'

export function jsonResponse(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  }
}

export function errorResponse(
  code: ErrorCode,
  message: string,
  details: ErrorDetails = {},
): APIGatewayProxyStructuredResultV2 {
  return jsonResponse(statusForError(code), { error: { code, message, ...details } })
}

/** Errors raised by middy's own middlewares carry a status; give them our codes. */
const HTTP_ERROR_CODES: Record<number, { code: ErrorCode; message: string }> = {
  415: {
    code: 'request.unsupported_media_type',
    message: 'Send the body as JSON (Content-Type: application/json).',
  },
  422: { code: 'request.invalid_json', message: 'The request body is not valid JSON.' },
  400: { code: 'request.invalid_json', message: 'The request body is not valid JSON.' },
}

/** The one place an error becomes a response. Unknown errors are 500 with a generic message. */
export function toErrorResponse(error: unknown): {
  response: APIGatewayProxyStructuredResultV2
  unexpected: boolean
} {
  if (error instanceof AppError)
    return { response: errorResponse(error.code, error.message, error.details), unexpected: false }
  const status = (error as { statusCode?: number } | null)?.statusCode
  const mapped = status ? HTTP_ERROR_CODES[status] : undefined
  if (mapped) return { response: errorResponse(mapped.code, mapped.message), unexpected: false }
  return {
    response: errorResponse('internal.error', 'Something went wrong on our side. Please try again.'),
    unexpected: true,
  }
}
