import { createHash, randomUUID } from 'node:crypto'
import { IDEMPOTENCY_TTL_SECONDS } from '@app/contracts'
import { AppError } from '../errors'
import {
  claimKey,
  deleteClaim,
  type RecordKey,
  recordKey,
  type StoredAnswer,
  storeAnswer,
} from './idempotency.repo'

export type { StoredAnswer } from './idempotency.repo'

/**
 * Idempotent calls: the first call with a key runs, and its answer is what every later call with the same caller,
 * route and key gets for 24 hours.
 *
 * - `beginIdempotentCall` claims the key with one conditional put of a `running` record holding the request's
 *   fingerprint and a lease (until the call's Lambda is surely over). Of any number of concurrent calls exactly
 *   one claims it; the others find the record: another request under the key → 422 `idempotency.key_reused`,
 *   still running → 409 `idempotency.in_progress`, done → its answer to replay.
 * - `finishIdempotentCall` stores a final answer (2xx, or a 4xx but 429) on the record, or deletes the record for
 *   any other (a 5xx, a 429): the key is free again and a retry runs the call again.
 * - A claim whose call died without either (its Lambda timed out) is taken over by the same request once its
 *   lease is over. A stored answer is at most `MAX_STORED_BODY_BYTES`: idempotent routes answer small bodies.
 */
export interface IdempotentCall {
  /** Who sent the key (`user:<accountId>`, `apiKey:<keyId>`): keys of different callers never meet. */
  caller: string
  routeId: string
  key: string
  /** `requestFingerprint` of what the call asks (path, query, body). */
  fingerprint: string
}

export interface IdempotencyClaim {
  key: RecordKey
  owner: string
}

export type IdempotentStart = { claim: IdempotencyClaim } | { replay: StoredAnswer }

export const MAX_STORED_BODY_BYTES = 300 * 1024

/** A request as one hash: canonical JSON (object keys sorted), so the order fields were sent in does not count. */
export function requestFingerprint(request: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical)
    if (value === null || typeof value !== 'object') return value
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
    )
  }
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)) ?? '')
    .digest('base64url')
}

/** Claims the call's key, or answers how it was used: a replay, or 409 / 422. */
export async function beginIdempotentCall(
  call: IdempotentCall,
  options: { leaseMs: number; now?: Date },
): Promise<IdempotentStart> {
  const now = options.now ?? new Date()
  const key = recordKey(call.caller, call.routeId, call.key)
  const owner = randomUUID()
  const existing = await claimKey(key, {
    fingerprint: call.fingerprint,
    owner,
    leaseUntil: now.getTime() + options.leaseMs,
    expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
    now,
  })
  if (!existing) return { claim: { key, owner } }
  if (existing.fingerprint !== call.fingerprint)
    throw new AppError(
      'idempotency.key_reused',
      'This Idempotency-Key was sent with another request: use a new key for a new request.',
    )
  if (existing.state === 'done' && existing.answer) return { replay: existing.answer }
  throw new AppError(
    'idempotency.in_progress',
    'A request with this Idempotency-Key is still running: try again in a moment.',
  )
}

/** Answers worth replaying: the call's outcome, not a passing condition (a 5xx, a 429 "try again later"). */
export function isFinalAnswer(status: number): boolean {
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 429)
}

/**
 * Stores a final answer for the key's later calls, or frees the key for any other. An answer too large to store
 * frees the key too (and says so), so no later call waits on it.
 */
export async function finishIdempotentCall(
  claim: IdempotencyClaim,
  answer: StoredAnswer,
): Promise<'stored' | 'released'> {
  if (!isFinalAnswer(answer.status)) {
    await deleteClaim(claim.key, claim.owner)
    return 'released'
  }
  if (Buffer.byteLength(answer.body ?? '') > MAX_STORED_BODY_BYTES) {
    await deleteClaim(claim.key, claim.owner)
    throw new Error(
      `An idempotent answer of ${Buffer.byteLength(answer.body ?? '')} bytes is too large to store`,
    )
  }
  await storeAnswer(claim.key, claim.owner, answer)
  return 'stored'
}

/** Frees the key without an answer (the call failed before it had one). */
export function releaseIdempotentCall(claim: IdempotencyClaim): Promise<void> {
  return deleteClaim(claim.key, claim.owner)
}
