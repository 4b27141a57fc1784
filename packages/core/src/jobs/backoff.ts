import { backoffDelay } from '../platform/retry'

/**
 * How long to wait before trying again after SES throttled a send: "full jitter" (AWS's advice for contended
 * retries), a random pause between `base × 2^attempt / 2` and `base × 2^attempt`, never more than `cap`. The lower
 * half keeps a throttled caller from coming straight back; the random half spreads the callers who were throttled
 * together. `random` is injectable so the rule is tested without chance.
 */
export interface BackoffOptions {
  /** First pause's upper bound, ms. */
  baseMs?: number
  /** No pause is longer, ms. */
  capMs?: number
  random?: () => number
}

export const THROTTLE_BACKOFF = { baseMs: 1000, capMs: 30_000 }

export function throttleBackoff(attempt: number, options: BackoffOptions = {}): number {
  return backoffDelay(attempt, {
    baseMs: options.baseMs ?? THROTTLE_BACKOFF.baseMs,
    maxMs: options.capMs ?? THROTTLE_BACKOFF.capMs,
    jitter: 'equal',
    ...(options.random ? { random: options.random } : {}),
  })
}
