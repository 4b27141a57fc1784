import { toErrorResponse } from '../errors'
import { findCall, type PipelineRequest, type Step } from '../pipeline'
import { reportError, requestPath } from '../sentry'
import { baseLog } from './match-route'

const logOf = (request: PipelineRequest) =>
  findCall(request.event)?.log ?? baseLog.child({ requestId: request.context.awsRequestId })

/**
 * The one place an error becomes an answer (`errors.ts`: `{ error: { code, message } }` with its status,
 * `Retry-After` on a rate limit); an unexpected one is logged and reported to Sentry as a 500. Registered last,
 * so its `onError` runs first and the steps' own `onError` (idempotency) see the answer.
 */
export function mapErrors(): Step {
  return {
    name: 'mapErrors',
    onError: async (request) => {
      const { response, unexpected } = toErrorResponse(request.error)
      if (unexpected) {
        const path = requestPath(request.event)
        logOf(request).error('request.failed', {
          error: request.error,
          routeKey: request.event.routeKey,
          path,
        })
        await reportError(request.error, { routeKey: request.event.routeKey, path })
      }
      request.response = response
    },
  }
}

/**
 * The headers a call's steps gave it (`call.headers`) onto its answer, whichever step answered: the handler, an
 * error, an early answer such as an idempotent replay. Run at middy's `requestEnd`, which sees the very response
 * object the invocation returns.
 */
export function addCallHeaders(request: PipelineRequest): void {
  const headers = findCall(request.event)?.headers
  if (!headers || !request.response) return
  request.response.headers = { ...request.response.headers, ...headers }
}

/** Every request's one log line, early answers (405, a replay) and errors included (middy's `requestEnd`). */
export function logRequest(request: PipelineRequest): void {
  const call = findCall(request.event)
  logOf(request).info('request', {
    path: requestPath(request.event),
    status: request.response?.statusCode,
    durationMs: call ? Date.now() - call.started : undefined,
  })
}
