import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import { enforceRateLimit, RateLimited, takeRateLimit } from './rate-limit'

const T0 = new Date('2026-03-01T10:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const bucket = () => `test.${ulid()}`

describe('takeRateLimit (a fixed window opened by the first call, counted with a conditional ADD)', () => {
  it('lets `limit` calls through a window, refuses the next until the window ends, per subject', async () => {
    const name = bucket()
    const rule = { limit: 3, windowSeconds: 60 }
    const decisions = []
    for (const ms of [0, 1_000, 2_000, 3_000]) decisions.push(await takeRateLimit(name, 'a', rule, at(ms)))
    // Each decision says how long the window has left (`resetSeconds`, the `RateLimit-Reset` header).
    expect(decisions).toEqual([
      { allowed: true, remaining: 2, resetSeconds: 60 },
      { allowed: true, remaining: 1, resetSeconds: 59 },
      { allowed: true, remaining: 0, resetSeconds: 58 },
      // The window opened at 0 ends at 60 s: 57 s left.
      { allowed: false, retryAfterSeconds: 57, resetSeconds: 57 },
    ])
    expect(await takeRateLimit(name, 'b', rule, at(3_000))).toEqual({
      allowed: true,
      remaining: 2,
      resetSeconds: 60,
    })
    expect(await takeRateLimit(`${name}.other`, 'a', rule, at(3_000))).toMatchObject({ allowed: true })
  })

  it('rolls over: the first call after the window opens a new one, counted from that call', async () => {
    const name = bucket()
    const rule = { limit: 2, windowSeconds: 10 }
    await takeRateLimit(name, 's', rule, at(0))
    await takeRateLimit(name, 's', rule, at(1_000))
    expect(await takeRateLimit(name, 's', rule, at(9_999))).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    })
    expect(await takeRateLimit(name, 's', rule, at(10_000))).toEqual({
      allowed: true,
      remaining: 1,
      resetSeconds: 10,
    })
    expect(await takeRateLimit(name, 's', rule, at(15_000))).toEqual({
      allowed: true,
      remaining: 0,
      resetSeconds: 5,
    })
    // The new window started at 10 s, so it ends at 20 s.
    expect(await takeRateLimit(name, 's', rule, at(19_000))).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    })
    expect(await takeRateLimit(name, 's', rule, at(20_000))).toMatchObject({ allowed: true, remaining: 1 })
  })

  it('with limit 1, lets one call through per window after the last one let through', async () => {
    const name = bucket()
    const rule = { limit: 1, windowSeconds: 60 }
    expect(await takeRateLimit(name, 'x', rule, at(30_000))).toMatchObject({ allowed: true })
    expect(await takeRateLimit(name, 'x', rule, at(89_999))).toMatchObject({ allowed: false })
    expect(await takeRateLimit(name, 'x', rule, at(90_000))).toMatchObject({ allowed: true })
  })

  it('never lets more than the limit through concurrent calls, the window being opened by one of them', async () => {
    const name = bucket()
    const rule = { limit: 7, windowSeconds: 60 }
    const decisions = await Promise.all(
      Array.from({ length: 25 }, () => takeRateLimit(name, 'busy', rule, at(0))),
    )
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(7)
    expect(decisions.filter((decision) => !decision.allowed)).toHaveLength(18)
  })

  it('refuses with RateLimited: 429 rate.limited, the seconds to wait', async () => {
    const name = bucket()
    const rule = { limit: 1, windowSeconds: 30 }
    await enforceRateLimit(name, 'y', rule, 'Slow down.', at(0))
    const refused = await enforceRateLimit(name, 'y', rule, 'Slow down.', at(5_500)).catch((error) => error)
    expect(refused).toBeInstanceOf(RateLimited)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({
      code: 'rate.limited',
      status: 429,
      message: 'Slow down.',
      retryAfterSeconds: 25,
    })
  })

  it('refuses rules and bucket names that make no sense', async () => {
    await expect(takeRateLimit('has space', 's', { limit: 1, windowSeconds: 1 })).rejects.toThrow(
      /plain name/,
    )
    await expect(takeRateLimit(bucket(), 's', { limit: 0, windowSeconds: 1 })).rejects.toThrow(/at least one/)
  })
})
