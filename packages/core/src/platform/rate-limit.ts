import { AppError } from '../errors'
import { countInOpenWindow, openWindow, windowKey } from './rate-limit.repo'

/**
 * The one rate limiter: at most `limit` calls per `windowSeconds` for a subject (a caller, an organization, an
 * address, an email) within a bucket (what is limited: `route:signUp`, `password-reset.mail`), kept in DynamoDB
 * so every Lambda instance counts in the same window.
 *
 * Algorithm — a fixed window opened by the subject's first call, counted with a conditional ADD:
 * - A subject's window is one item, `count` and `windowEnd`. A call adds 1 to `count` under the condition
 *   `windowEnd > now AND count < limit`: one atomic write, so however many instances call at once, no more than
 *   `limit` calls pass in a window.
 * - When the condition fails, DynamoDB answers the item as it was. An open window at its limit refuses the call,
 *   to be retried when the window ends (`retryAfterSeconds`). No window, or an ended one: the call opens a new
 *   one, `[now, now + windowSeconds)` holding itself, put under the condition that none is open — of two calls
 *   opening it at once, one opens it and the other counts in it.
 * - A window starts at its first call, not at a clock boundary: `{ limit: 1, windowSeconds: 60 }` lets one call
 *   through, then none until 60 s after it. As with any fixed window, the end of one window and the start of the
 *   next can together let up to 2 × limit calls through within one window's length.
 * - A refusal writes nothing (one failed conditional write), so a subject hammering past its limit stays cheap.
 */
export interface RateRule {
  limit: number
  windowSeconds: number
}

/** A call counted (`remaining` calls left) or refused; either way, seconds until the window ends (`resetSeconds`). */
export type RateDecision =
  | { allowed: true; remaining: number; resetSeconds: number }
  | { allowed: false; retryAfterSeconds: number; resetSeconds: number }

/** A call over its rate limit: 429 `rate.limited`, answered with `Retry-After: retryAfterSeconds`. */
export class RateLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate.limited', message)
    this.name = 'RateLimited'
  }
}

const BUCKET = /^[a-z0-9][a-z0-9.:_-]{0,99}$/i

/** Counts one call of `subject` in `bucket` and says whether it may go ahead. */
export async function takeRateLimit(
  bucket: string,
  subject: string,
  rule: RateRule,
  now = new Date(),
): Promise<RateDecision> {
  if (!BUCKET.test(bucket)) throw new Error(`Rate-limit bucket ${JSON.stringify(bucket)} is not a plain name`)
  if (!Number.isInteger(rule.limit) || rule.limit < 1 || !(rule.windowSeconds > 0))
    throw new Error(`Rate limit of ${bucket} must allow at least one call in a positive window`)
  const key = windowKey(bucket, subject)
  const at = now.getTime()
  // Each failed open means another call opened the window meanwhile, so the next count finds it: two rounds
  // suffice; the bound only guards against a clock far behind the others.
  for (let attempt = 0; attempt < 4; attempt++) {
    const counted = await countInOpenWindow(key, rule.limit, at)
    const secondsTo = (windowEnd: number) => Math.max(0, Math.ceil((windowEnd - at) / 1000))
    if ('counted' in counted)
      return {
        allowed: true,
        remaining: Math.max(0, rule.limit - counted.counted.count),
        resetSeconds: secondsTo(counted.counted.windowEnd),
      }
    if (counted.refused) {
      const retryAfterSeconds = Math.max(1, secondsTo(counted.refused.windowEnd))
      return { allowed: false, retryAfterSeconds, resetSeconds: retryAfterSeconds }
    }
    const windowEnd = at + rule.windowSeconds * 1000
    if (await openWindow(key, windowEnd, at))
      return { allowed: true, remaining: rule.limit - 1, resetSeconds: secondsTo(windowEnd) }
  }
  throw new Error(`Rate limit ${bucket}: could not count a call (is this clock far behind the others?)`)
}

/** `takeRateLimit`, refusing a call over the limit with `RateLimited` (429, `Retry-After`). */
export async function enforceRateLimit(
  bucket: string,
  subject: string,
  rule: RateRule,
  message: string,
  now = new Date(),
): Promise<void> {
  const decision = await takeRateLimit(bucket, subject, rule, now)
  if (!decision.allowed) throw new RateLimited(message, decision.retryAfterSeconds)
}
