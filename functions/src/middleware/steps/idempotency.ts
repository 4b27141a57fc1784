import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAYED_HEADER } from '@app/contracts'
import { AppError } from '@app/core'
import {
  beginIdempotentCall,
  finishIdempotentCall,
  releaseIdempotentCall,
  requestFingerprint,
  type StoredAnswer,
} from '@app/core/platform/idempotency'
import { callerId } from '../caller'
import {
  type ApiResponse,
  type Call,
  callOf,
  findCall,
  headerOf,
  type PipelineRequest,
  type Step,
} from '../pipeline'

/** How long past the Lambda's own deadline a claim is held: then its call is surely over. */
const LEASE_MARGIN_MS = 5_000
/** When the context cannot say (tests): API Gateway gives up on an integration after 30 s. */
const DEFAULT_REMAINING_MS = 30_000

/** The route's `Idempotency-Key`, if the call sent one; 400 naming the header when it is malformed. */
export function idempotencyKeyOf(event: Parameters<typeof headerOf>[0]): string | undefined {
  const key = headerOf(event, IDEMPOTENCY_KEY_HEADER)
  if (key === undefined) return undefined
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new AppError(
      'request.invalid',
      `headers.${IDEMPOTENCY_KEY_HEADER}: 1 to 255 printable ASCII characters (a UUID, say).`,
    )
  return key
}

const answerOf = (response: ApiResponse): StoredAnswer => ({
  status: response.statusCode ?? 200,
  headers: Object.fromEntries(
    Object.entries(response.headers ?? {}).map(([name, value]) => [name, String(value)]),
  ),
  ...(response.body === undefined ? {} : { body: response.body }),
})

const replayOf = (answer: StoredAnswer): ApiResponse => ({
  statusCode: answer.status,
  headers: { ...answer.headers, [IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]: 'true' },
  ...(answer.body === undefined ? {} : { body: answer.body }),
})

/** The claim's end: the answer stored for the key's later calls, or the key freed (a 5xx, a 429, no answer). */
async function finish(request: PipelineRequest, call: Call | undefined): Promise<void> {
  const claim = call?.idempotency
  if (!call || !claim) return
  call.idempotency = undefined
  try {
    if (request.response) await finishIdempotentCall(claim, answerOf(request.response))
    else await releaseIdempotentCall(claim)
  } catch (error) {
    // The caller still gets the answer; a retry finds the key in progress until the claim's lease is over.
    call.log.error('idempotency.finish_failed', { error })
  }
}

/**
 * Step 8: `idempotent` routes with an `Idempotency-Key` header. The first call claims the key (for this caller,
 * route and key) and runs; its answer, once final (2xx or 4xx but 429), is stored for 24 h and every later call
 * with the same request gets it again, marked `Idempotent-Replayed: true`, without running. Another request under
 * the key is 422 `idempotency.key_reused`, a call while the first runs 409 `idempotency.in_progress`; a 5xx frees
 * the key, so a retry runs again. After validation: a malformed request is refused as ever and claims nothing.
 * Its `onError` sees the error's answer: the error mapping, registered after it, runs first.
 */
export function idempotency(): Step {
  return {
    name: 'idempotency',
    before: async (request) => {
      const call = callOf(request.event)
      if (!call.route.idempotent) return undefined
      const key = idempotencyKeyOf(request.event)
      if (key === undefined) return undefined
      if (!call.actor) throw new Error(`Route ${call.route.id} is idempotent but has no caller`)
      const started = await beginIdempotentCall(
        {
          caller: callerId(call.actor),
          routeId: call.route.id,
          key,
          fingerprint: requestFingerprint({
            path: request.event.pathParameters ?? {},
            query: request.event.queryStringParameters ?? {},
            body: call.sent ?? null,
          }),
        },
        { leaseMs: (request.context.getRemainingTimeInMillis?.() ?? DEFAULT_REMAINING_MS) + LEASE_MARGIN_MS },
      )
      if ('replay' in started) {
        call.log.info('idempotency.replayed')
        return replayOf(started.replay)
      }
      call.idempotency = started.claim
      return undefined
    },
    after: (request) => finish(request, findCall(request.event)),
    onError: (request) => finish(request, findCall(request.event)),
  }
}
