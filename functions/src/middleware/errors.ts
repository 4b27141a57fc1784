import { type ErrorCode, type ErrorDetails, statusForError } from '@app/contracts'
import { AppError } from '@app/core'
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import * as z from 'zod'

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

type Issue = z.core.$ZodIssue

/**
 * The issue that names a field. A union (`PATCH campaigns/{id}` takes an edit or an action) fails as a whole with
 * "Invalid input" at the body: the branch the request came closest to (fewest problems, then the deepest one)
 * says which field was wrong. An unknown key is named by the key itself.
 */
function namedIssue(issue: Issue | undefined, prefix: PropertyKey[] = []): Issue | undefined {
  if (!issue) return undefined
  const path = [...prefix, ...issue.path]
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const ranked = issue.errors
      .filter((branch) => branch.length > 0)
      .map((branch) => ({ size: branch.length, named: namedIssue(branch[0], path) }))
      .filter((entry): entry is { size: number; named: Issue } => Boolean(entry.named))
      .sort((a, b) => a.size - b.size || b.named.path.length - a.named.path.length)
    const best = ranked[0]?.named
    if (best && best.path.length > path.length) return best
  }
  if (issue.code === 'invalid_key' && issue.issues[0])
    return { ...issue.issues[0], path: [...path, ...issue.issues[0].path] } as Issue
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined)
    return { ...issue, path: [...path, issue.keys[0]], message: 'This field is not accepted here.' } as Issue
  return { ...issue, path } as Issue
}

/**
 * A validation failure as 400 `request.invalid` naming the field (`body.name: Too long`). `where` is the part
 * of the request the middleware validated; a schema run in core names the field by its path alone.
 */
export function invalidRequest(error: z.ZodError, where?: string): AppError {
  const issue = namedIssue(error.issues[0])
  const path = [where, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.')
  return new AppError('request.invalid', `${path || 'request'}: ${issue?.message ?? 'is invalid'}`)
}

/**
 * The one place an error becomes a response. A `ZodError` (a schema run in core) is a 400 like the middleware's
 * own validation; a rate limit's 429 says when to retry (`Retry-After`, seconds); unknown errors are 500 with a
 * generic message.
 */
export function toErrorResponse(thrown: unknown): {
  response: APIGatewayProxyStructuredResultV2
  unexpected: boolean
} {
  const error = thrown instanceof z.ZodError ? invalidRequest(thrown) : thrown
  if (error instanceof AppError) {
    const response = errorResponse(error.code, error.message, error.details)
    // core's RateLimited, read by its field so every group need not bundle the rate limiter to answer one.
    const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds
    if (retryAfter) response.headers = { ...response.headers, 'retry-after': String(retryAfter) }
    return { response, unexpected: false }
  }
  const status = (error as { statusCode?: number } | null)?.statusCode
  const mapped = status ? HTTP_ERROR_CODES[status] : undefined
  if (mapped) return { response: errorResponse(mapped.code, mapped.message), unexpected: false }
  return {
    response: errorResponse('internal.error', 'Something went wrong on our side. Please try again.'),
    unexpected: true,
  }
}
