import { ApiError } from './api-error'

/**
 * Opt-in retries of a 429 or a 5xx (and of a request that never reached the API), for calls that are safe to send
 * again: `GET`/`PUT`/`DELETE`, and `POST`s carrying an `idempotencyKey`. A `Retry-After` is honoured; without one
 * the wait grows (0.5 s, 1 s, 2 s … with jitter).
 */
export interface RetryOptions {
  /** Retries after the first try (default 2). */
  retries?: number
  /** A `Retry-After` longer than this (seconds) is not waited for: the error is thrown (default 60). */
  maxRetryAfterSeconds?: number
}

const BASE_DELAY_MS = 500
const MAX_BACKOFF_MS = 20_000

export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return error.status === 0 || error.status === 429 || error.status >= 500
}

/** Milliseconds to wait before retry number `attempt` (1-based), or null when the error should be thrown. */
export function retryDelayMs(error: ApiError, attempt: number, options: RetryOptions): number | null {
  if (error.retryAfter !== undefined) {
    return error.retryAfter <= (options.maxRetryAfterSeconds ?? 60) ? error.retryAfter * 1000 : null
  }
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** (attempt - 1))
  return ceiling / 2 + Math.random() * (ceiling / 2)
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    const abort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', abort, { once: true })
  })
}
