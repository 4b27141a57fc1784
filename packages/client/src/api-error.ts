import { type ErrorBody, errorOfBody, RATE_LIMIT_HEADERS } from '@app/contracts'

/**
 * A call the API refused (or could not answer): `status` is the HTTP status (0: the server was not reached), `code`
 * the stable dotted code of the API's `{ error: { code, message } }` (`request.invalid`, `rate.limited`,
 * `campaigns.not_found` …), `retryAfter` the seconds a 429 (or 503) asks to wait, `requestId` the API's request
 * id when it sends one. `details` holds the error's other fields (`issues`, `currentVersion` …).
 */
export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
    readonly requestId?: string,
    readonly details: Partial<Omit<ErrorBody['error'], 'code' | 'message'>> = {},
  ) {
    super(message)
  }
}

/** The request id headers of API Gateway (`apigw-requestid`) and of proxies in front of it. */
const REQUEST_ID_HEADERS = ['x-request-id', 'apigw-requestid'] as const

/** Seconds from `Retry-After` (delay-seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/** The `ApiError` of a failed answer: its documented `{ error }` body, else one named after the status. */
export async function errorOfResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON (a proxy's page): the status names the error below.
  }
  const retryAfter = retryAfterSeconds(response.headers.get(RATE_LIMIT_HEADERS.retryAfter))
  const requestId =
    REQUEST_ID_HEADERS.map((name) => response.headers.get(name)).find((value) => value) ?? undefined
  const error = errorOfBody(body)
  if (error) {
    const { code, message, ...details } = error
    return new ApiError(response.status, code, message, retryAfter, requestId, details)
  }
  const code =
    response.status === 401
      ? 'auth.unauthorized'
      : response.status === 429
        ? 'rate.limited'
        : 'internal.error'
  return new ApiError(
    response.status,
    code,
    `The API answered HTTP ${response.status} without an error body.`,
    retryAfter,
    requestId,
  )
}
