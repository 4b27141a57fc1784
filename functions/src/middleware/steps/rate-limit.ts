import type { RouteRateLimit } from '@app/contracts'
import { enforceRateLimit } from '@app/core/platform/rate-limit'
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

const inWords = (seconds: number) =>
  seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`

/**
 * Step 6: a route's `rateLimit` (core's rate limiter, one window per route and subject shared by every Lambda
 * instance). After the plan gate — a stranger or a locked plan is refused without counting — and before
 * validation, so malformed calls count too. Past the limit: 429 `rate.limited` with `Retry-After`.
 */
export function rateLimit(clock: () => Date = () => new Date()): Step {
  return {
    name: 'rateLimit',
    before: async (request) => {
      const call = callOf(request.event)
      const limit = call.route.rateLimit
      if (!limit) return
      await enforceRateLimit(
        `route:${call.route.id}`,
        rateSubject(limit.per, call, request.event),
        limit,
        `Too many calls: at most ${limit.limit} every ${inWords(limit.windowSeconds)}. Try again later.`,
        clock(),
      )
    },
  }
}
