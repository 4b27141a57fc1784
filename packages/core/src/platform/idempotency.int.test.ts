import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import {
  beginIdempotentCall,
  finishIdempotentCall,
  type IdempotentCall,
  isFinalAnswer,
  requestFingerprint,
} from './idempotency'

const T0 = new Date('2026-03-01T10:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const DAY_MS = 24 * 60 * 60 * 1000

const call = (overrides: Partial<IdempotentCall> = {}): IdempotentCall => ({
  caller: `user:${ulid()}`,
  routeId: 'createThing',
  key: ulid(),
  fingerprint: requestFingerprint({ body: { name: 'A' } }),
  ...overrides,
})
const created = { status: 201, headers: { 'content-type': 'application/json' }, body: '{"id":"1"}' }

async function claimOf(input: IdempotentCall, now = at(0)) {
  const started = await beginIdempotentCall(input, { leaseMs: 10_000, now })
  if (!('claim' in started)) throw new Error('expected a claim')
  return started.claim
}

describe('idempotent calls', () => {
  it('replays the first final answer for the same caller, route and key, and nothing else', async () => {
    const first = call()
    await finishIdempotentCall(await claimOf(first), created)
    expect(await beginIdempotentCall(first, { leaseMs: 10_000, now: at(1_000) })).toEqual({ replay: created })
    // Another caller, route or key is another call.
    for (const other of [{ caller: `user:${ulid()}` }, { routeId: 'createOther' }, { key: ulid() }])
      expect(
        await beginIdempotentCall({ ...first, ...other }, { leaseMs: 10_000, now: at(1_000) }),
      ).toHaveProperty('claim')
  })

  it('refuses another request under a used key (422), running or done', async () => {
    const first = call()
    const claim = await claimOf(first)
    const other = { ...first, fingerprint: requestFingerprint({ body: { name: 'B' } }) }
    await expect(beginIdempotentCall(other, { leaseMs: 10_000, now: at(1) })).rejects.toMatchObject({
      code: 'idempotency.key_reused',
      status: 422,
    })
    await finishIdempotentCall(claim, created)
    await expect(beginIdempotentCall(other, { leaseMs: 10_000, now: at(2) })).rejects.toMatchObject({
      code: 'idempotency.key_reused',
    })
  })

  it('lets exactly one of 20 concurrent calls with one key run; the others are told it is in progress', async () => {
    const first = call()
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => beginIdempotentCall(first, { leaseMs: 10_000, now: at(0) })),
    )
    const claims = outcomes.filter((outcome) => outcome.status === 'fulfilled')
    expect(claims).toHaveLength(1)
    for (const outcome of outcomes.filter((o) => o.status === 'rejected'))
      expect(outcome.reason).toMatchObject({ code: 'idempotency.in_progress', status: 409 })
  })

  it('frees the key on a 5xx or a 429, so a retry runs again', async () => {
    for (const status of [500, 503, 429]) {
      const first = call()
      expect(await finishIdempotentCall(await claimOf(first), { status, headers: {}, body: '{}' })).toBe(
        'released',
      )
      expect(await beginIdempotentCall(first, { leaseMs: 10_000, now: at(1) })).toHaveProperty('claim')
    }
  })

  it('lets the same request take over a claim whose call died (its lease over), never another request', async () => {
    const first = call()
    await claimOf(first)
    await expect(beginIdempotentCall(first, { leaseMs: 10_000, now: at(9_999) })).rejects.toMatchObject({
      code: 'idempotency.in_progress',
    })
    const other = { ...first, fingerprint: requestFingerprint({ body: { name: 'B' } }) }
    await expect(beginIdempotentCall(other, { leaseMs: 10_000, now: at(10_000) })).rejects.toMatchObject({
      code: 'idempotency.key_reused',
    })
    const takeover = await claimOf(first, at(10_000))
    expect(await finishIdempotentCall(takeover, created)).toBe('stored')
  })

  it('forgets a key after 24 hours', async () => {
    const first = call()
    await finishIdempotentCall(await claimOf(first), created)
    expect(await beginIdempotentCall(first, { leaseMs: 1, now: at(DAY_MS - 1_000) })).toHaveProperty('replay')
    const other = { ...first, fingerprint: requestFingerprint({ body: { name: 'B' } }) }
    expect(await beginIdempotentCall(other, { leaseMs: 1, now: at(DAY_MS) })).toHaveProperty('claim')
  })

  it('fingerprints a request whatever order its fields came in', () => {
    expect(requestFingerprint({ body: { a: 1, b: [{ c: 2, d: 3 }] } })).toBe(
      requestFingerprint({ body: { b: [{ d: 3, c: 2 }], a: 1 } }),
    )
    expect(requestFingerprint({ body: { a: 1 } })).not.toBe(requestFingerprint({ body: { a: 2 } }))
    expect([200, 201, 204, 400, 404, 409, 422].every(isFinalAnswer)).toBe(true)
    expect([429, 500, 502, 503].some(isFinalAnswer)).toBe(false)
  })
})
