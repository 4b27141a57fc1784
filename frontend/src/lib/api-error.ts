import { type ErrorDetails, errorOfBody } from '@app/contracts'

/** Every failed API call ends up as one of these; `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /**
     * `currentVersion` of a `version.conflict`, `issues` of a `template.invalid`, `templates` of a `block.in_use`,
     * `awsAccount` of an `aws_account.already_connected`.
     */
    readonly details: ErrorDetails = {},
  ) {
    super(message)
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.'

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code)
}

/** Network failures, throttling and server faults may pass on a second try; other client errors will not. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  return error.status === 0 || error.status === 429 || error.status >= 500
}

/** A sentence to show the user. Unexpected errors get the caller's fallback rather than developer text. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof ApiError ? error.message : fallback
}

/** Reads `{ error: { code, message } }`; anything else (a proxy's HTML page) becomes a generic error. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const error = errorOfBody(body)
  if (error) {
    const { code, message, currentVersion, issues, templates, awsAccount } = error as {
      code: string
      message: string
      currentVersion?: unknown
      issues?: unknown
      templates?: unknown
      awsAccount?: { id?: unknown; name?: unknown } | null
    }
    const details: ErrorDetails = {}
    if (typeof currentVersion === 'number') details.currentVersion = currentVersion
    if (Array.isArray(issues)) {
      details.issues = issues.filter(
        (issue): issue is NonNullable<ErrorDetails['issues']>[number] =>
          typeof issue === 'object' && issue !== null && typeof issue.message === 'string',
      )
    }
    if (Array.isArray(templates)) {
      details.templates = templates.filter(
        (template): template is NonNullable<ErrorDetails['templates']>[number] =>
          typeof template === 'object' &&
          template !== null &&
          typeof template.id === 'string' &&
          typeof template.name === 'string',
      )
    }
    if (typeof awsAccount?.id === 'string' && typeof awsAccount.name === 'string') {
      details.awsAccount = { id: awsAccount.id, name: awsAccount.name }
    }
    return new ApiError(status, code, message, details)
  }
  if (status === 401)
    return new ApiError(status, 'auth.unauthorized', 'Your session has ended. Sign in again.')
  if (status === 429)
    return new ApiError(status, 'rate.limited', 'Too many requests. Wait a moment and try again.')
  return new ApiError(status, 'internal.error', `The server could not complete the request (HTTP ${status}).`)
}
