import { DEFAULT_MAX_BODY_BYTES } from '@app/contracts'
import { AppError } from '@app/core'
import { parseJsonBody } from '../json-body'
import { callOf, type Event, headerOf, type Step } from '../pipeline'

/** The request's media type without parameters (`text/plain;charset=UTF-8` → `text/plain`). */
export function mediaType(event: Pick<Event, 'headers'>): string {
  return (headerOf(event, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

function bodySize(event: Event): number {
  if (!event.body) return 0
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').length : Buffer.byteLength(event.body)
}

function rawText(event: Event): string {
  if (!event.body) return ''
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body
}

/**
 * Step 2: the body, before anything reads it. Over the route's size limit → 413; a raw-body route gets its text
 * in one of its content types (415 otherwise); a JSON route its parsed JSON (415, 400 `request.invalid_json`, a
 * `__proto__` key refused); a route without a body refuses one.
 */
export function parse(): Step {
  return {
    name: 'parse',
    before: (request) => {
      const { event } = request
      const call = callOf(event)
      const { route } = call
      if (bodySize(event) > (route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)) {
        throw new AppError('request.too_large', 'The request body is too large.')
      }
      if (route.rawBody) {
        if (!route.rawBody.contentTypes.includes(mediaType(event))) {
          throw new AppError(
            'request.unsupported_media_type',
            `Send ${route.rawBody.contentTypes.join(' or ')} to this route.`,
          )
        }
        call.sent = rawText(event)
      } else if (route.body) {
        call.sent = parseJsonBody(event.headers, event.body, Boolean(event.isBase64Encoded))
      } else if (event.body?.trim()) {
        throw new AppError('request.invalid', 'This call takes no request body.')
      }
      call.body = call.sent
    },
  }
}
