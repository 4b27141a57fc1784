import { RATE_LIMIT_HEADERS, type RouteRateLimit } from '@app/contracts'
import { RateLimited, type RateRule, takeRateLimit } from '@app/core/platform/rate-limit'
import { viewerAddress } from '../../http/viewer-address'
import { callerId } from '../caller'
import { type Call, callOf, type Event, type Step } from '../pipeline'

/** Whose calls the route's limit counts: the caller, the organization the call acts for, the caller's address. */
export function rateSubject(per: RouteRateLimit['per'], call: Call, event: Event): string {
  if (per === 'caller') {
    if (!call.actor) throw new Error(`Route ${call.route.id} limits per caller but has none`)
    return `caller:${callerId(call.actor)}`
  }
  if (per === 'organization') {
    if (!call.context) throw new Error(`Route ${call.route.id} limits per organization but acts for none`)
    return `organization:${call.context.organizationId}`
  }
  // Calls whose address is unknown share one window (never a way around the limit).
  return `ip:${viewerAddress(event) ?? 'unknown'}`
}

/** The rule a call counts under: the route's, or on a `keyLimit` route an API key's own limit a minute. */
export function rateRule(limit: RouteRateLimit, call: Call): RateRule {
  if (limit.keyLimit && call.actor?.kind === 'apiKey')
    return { limit: call.actor.rateLimitPerMinute, windowSeconds: 60 }
  return { limit: limit.limit, windowSeconds: limit.windowSeconds }
}

/** The window a call counts in: one the routes naming it share (the public API's), else the route's own. */
export const rateBucket = (limit: RouteRateLimit, call: Call) =>
  limit.shared ? `shared:${limit.shared}` : `route:${call.route.id}`

const inWords = (seconds: number) =>
  seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`

/**
 * Step 6: a route's `rateLimit` (core's rate limiter: a fixed window per subject, shared by every Lambda
 * instance). After the plan gate — a stranger or a locked plan is refused without counting — and before
 * validation, so malformed calls count too. Every answer of the call then carries `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` (`call.headers`); past the limit, 429 `rate.limited` with
 * `Retry-After`.
 */
export function rateLimit(clock: () => Date = () => new Date()): Step {
  return {
    name: 'rateLimit',
    before: async (request) => {
      const call = callOf(request.event)
      const limit = call.route.rateLimit
      if (!limit) return
      const rule = rateRule(limit, call)
      const decision = await takeRateLimit(
        rateBucket(limit, call),
        rateSubject(limit.per, call, request.event),
        rule,
        clock(),
      )
      call.headers = {
        ...call.headers,
        [RATE_LIMIT_HEADERS.limit]: String(rule.limit),
        [RATE_LIMIT_HEADERS.remaining]: String(decision.allowed ? decision.remaining : 0),
        [RATE_LIMIT_HEADERS.reset]: String(decision.resetSeconds),
      }
      if (!decision.allowed)
        throw new RateLimited(
          `Too many calls: at most ${rule.limit} every ${inWords(rule.windowSeconds)}. Try again later.`,
          decision.retryAfterSeconds,
        )
    },
  }
}
