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
  const base = options.baseMs ?? THROTTLE_BACKOFF.baseMs
  const cap = options.capMs ?? THROTTLE_BACKOFF.capMs
  const random = options.random ?? Math.random
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, Math.min(attempt, 30)))
  return ceiling / 2 + (random() * ceiling) / 2
}
