/**
 * Retries with jittered exponential backoff: the one loop for "call, and on a passing failure wait and call again".
 *
 * The pause before retry `n` (0 for the first retry) has the ceiling `min(maxMs, baseMs × 2^n)`. Following AWS's
 * guidance on exponential backoff and jitter (Architecture Blog, "Exponential Backoff And Jitter"), callers that
 * failed together must not come back together, so the pause is random under that ceiling:
 * - `full` (the default): `random × ceiling` — spreads contended callers the most for the least total wait;
 * - `equal`: `ceiling / 2 + random × ceiling / 2` — never less than half the ceiling, for a throttled service
 *   that must not see the caller straight back.
 *
 * Only failures `retryable` accepts are tried again; any other error, and the last one when the attempts are
 * spent, is thrown as it came. With a `deadline`, a pause that would end past it is not taken: `onDeadline`'s
 * error (or the failure itself) is thrown instead. Sleep, random and clock are injectable for tests.
 */
export interface RetryOptions {
  /** Calls in all, the first included (`Infinity`: until `retryable` says no or the deadline). */
  attempts: number
  /** Ceiling of the first pause, ms (0: retry at once). */
  baseMs: number
  /** No pause is longer, ms. */
  maxMs: number
  /** Whether this failure may pass if tried again (throttling, a conflict, a 5xx); called once per failure. */
  retryable: (error: unknown) => boolean
  jitter?: 'full' | 'equal'
  /** Epoch ms after which no retry starts. */
  deadline?: number
  /** What to throw when the next pause would pass the deadline (default: the failure). */
  onDeadline?: (error: unknown) => unknown
  /** How to wait (default `sleep`); e.g. hold back every caller of a shared pace instead. */
  wait?: (ms: number, error: unknown) => Promise<void>
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  now?: () => number
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The pause before retry `retry` (0-based), ms. */
export function backoffDelay(
  retry: number,
  options: Pick<RetryOptions, 'baseMs' | 'maxMs' | 'jitter' | 'random'>,
): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, Math.min(retry, 30)))
  const random = (options.random ?? Math.random)()
  return options.jitter === 'equal' ? ceiling / 2 + (random * ceiling) / 2 : random * ceiling
}

/** Calls `fn` (with the 0-based attempt) until it succeeds, a failure is not retryable, or attempts run out. */
export async function retry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const now = options.now ?? Date.now
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt)
    } catch (error) {
      if (attempt + 1 >= options.attempts || !options.retryable(error)) throw error
      const pause = backoffDelay(attempt, options)
      if (options.deadline !== undefined && now() + pause > options.deadline)
        throw options.onDeadline ? options.onDeadline(error) : error
      if (options.wait) await options.wait(pause, error)
      else if (pause > 0) await (options.sleep ?? sleep)(pause)
    }
  }
}
