import { describe, expect, it } from 'vitest'
import {
  type BucketState,
  DAY_MS,
  dailyRemaining,
  emptyBucket,
  HOUR_MS,
  heldUntil,
  LEASE_WINDOW_MS,
  leasePlan,
  planLease,
  QUOTA_RECHECK_MS,
  type SendQuota,
  withQuota,
} from './send-bucket'

const quota = (maxSendRate: number, max24HourSend = 1_000_000, sentLast24Hours = 0): SendQuota => ({
  maxSendRate,
  max24HourSend,
  sentLast24Hours,
})
const T0 = Date.UTC(2026, 10, 25, 10, 0, 0)
const FAR = Number.POSITIVE_INFINITY

/** The most recipients sent in any one-second window [t, t + 1000) of the sends. */
function busiestSecond(sends: Array<[number, number]>): number {
  const sorted = [...sends].sort((a, b) => a[0] - b[0])
  let best = 0
  for (let i = 0; i < sorted.length; i++) {
    let sum = 0
    for (let j = i; j < sorted.length && (sorted[j]?.[0] ?? 0) < (sorted[i]?.[0] ?? 0) + 1000; j++)
      sum += sorted[j]?.[1] ?? 0
    best = Math.max(best, sum)
  }
  return best
}

/**
 * `callers` workers, each asking for up to 50 recipients as soon as its last lease was sent, on a virtual
 * clock; each send lands `jitter(i)` ms after its `notBefore` (the network). Returns the sends [at, count].
 */
function simulate(
  start: BucketState,
  options: { callers: number; seconds: number; share: number; jitter?: (i: number) => number },
) {
  let state = start
  const sends: Array<[number, number]> = []
  const free = Array.from({ length: options.callers }, (_, i) => T0 + i)
  const end = T0 + options.seconds * 1000
  for (let step = 0; ; step++) {
    const caller = free.indexOf(Math.min(...free))
    const now = free[caller] ?? end
    if (now >= end) break
    const plan = planLease(state, { want: 50, share: options.share, deadline: now + 5000 }, now)
    if (plan.state) state = plan.state
    const { granted, notBefore } = plan.answer
    if (granted > 0) sends.push([notBefore + (options.jitter?.(step) ?? 0), granted])
    free[caller] = granted > 0 ? notBefore + 1 : Math.max(now + 1, notBefore)
  }
  return { state, sends }
}

describe('send limiter arithmetic (injected clock)', () => {
  for (const rate of [14, 50]) {
    for (const share of [0.8, 1]) {
      it(`paces ${rate}/s at a ${share * 100} % share shared by callers: ≥ 0.95 of the share, no second over MaxSendRate`, () => {
        const { sends } = simulate(withQuota(emptyBucket(), quota(rate), T0), {
          callers: 6,
          seconds: 200,
          share,
          jitter: (i) => (i * 7919) % 40,
        })
        // Leases granted before the end may start up to the callers' 5 s deadline after it: count the 200 s.
        const total = sends.filter(([at]) => at < T0 + 200_000).reduce((sum, [, count]) => sum + count, 0)
        expect(total / (rate * share * 200)).toBeGreaterThanOrEqual(0.95)
        expect(total).toBeLessThanOrEqual(Math.ceil(rate * share * 200) + leasePlan(quota(rate), share).size)
        expect(busiestSecond(sends)).toBeLessThanOrEqual(rate)
      })
    }
  }

  it('keeps every one-second window within MaxSendRate with small last leases between full ones', () => {
    let state = withQuota(emptyBucket(), quota(14), T0)
    const sends: Array<[number, number]> = []
    for (let i = 0; i < 60; i++) {
      const plan = planLease(state, { want: i % 3 === 2 ? 1 : 50, share: 1, deadline: FAR }, T0)
      state = plan.state as BucketState
      sends.push([plan.answer.notBefore + (i % 2 === 0 ? 39 : 0), plan.answer.granted])
    }
    expect(busiestSecond(sends)).toBeLessThanOrEqual(14)
  })

  it('cuts the rate into about eight leases a second, each a divisor of the window cap, at most 50', () => {
    expect(leasePlan(quota(14), 0.8)).toEqual({ size: 2, rate: 14 * 0.8, cap: 12 })
    expect(leasePlan(quota(14), 1)).toEqual({ size: 2, rate: 14, cap: 14 })
    expect(leasePlan(quota(50), 0.8)).toEqual({ size: 5, rate: 40, cap: 45 })
    expect(leasePlan(quota(1), 0.8)).toEqual({ size: 1, rate: 0.8, cap: 1 })
    expect(leasePlan(quota(1000), 0.8)).toEqual({ size: 50, rate: 800, cap: 900 })
    expect(leasePlan(quota(1000), 1)).toEqual({ size: 50, rate: 1000, cap: 1000 })
    // A prime cap: leases of 4 fill 36 of 37 and so do 3 and 2; only leases of 1 fill it all.
    expect(leasePlan(quota(37), 1)).toEqual({ size: 1, rate: 37, cap: 37 })
    const plan = planLease(
      withQuota(emptyBucket(), quota(50), T0),
      { want: 50, share: 0.8, deadline: FAR },
      T0,
    )
    expect(plan.answer).toEqual({ granted: 5, notBefore: T0 })
  })

  it('at a 100 % share, starts a lease only when the last LEASE_WINDOW_MS of leases and it fit MaxSendRate', () => {
    let state = withQuota(emptyBucket(), quota(14), T0)
    const starts: number[] = []
    for (let i = 0; i < 8; i++) {
      const plan = planLease(state, { want: 14, share: 1, deadline: FAR }, T0)
      state = plan.state as BucketState
      expect(plan.answer.granted).toBe(2)
      starts.push(plan.answer.notBefore)
    }
    // Seven leases of 2 at MaxSendRate's pace, then the eighth waits until the first leaves the window.
    for (const [k, start] of starts.slice(0, 7).entries()) expect(start - T0).toBeCloseTo((k * 2000) / 14, 2)
    expect(starts[7]).toBe(T0 + LEASE_WINDOW_MS)
  })

  it('gives the campaigns only their share: the next lease starts granted / (rate × share) later', () => {
    let state = withQuota(emptyBucket(), quota(50), T0)
    const first = planLease(state, { want: 5, share: 0.8, deadline: FAR }, T0)
    state = first.state as BucketState
    const second = planLease(state, { want: 5, share: 0.8, deadline: FAR }, T0)
    expect(second.answer.notBefore).toBe(T0 + (5 / 40) * 1000)
    const half = planLease(state, { want: 5, share: 0.5, deadline: FAR }, T0)
    expect(half.answer.notBefore).toBe(T0 + (5 / 40) * 1000)
    expect(half.state?.nextAt).toBe(T0 + (5 / 40) * 1000 + (half.answer.granted / 25) * 1000)
  })

  it('reserves nothing when the lease would start after the deadline, and says when it could', () => {
    let state = withQuota(emptyBucket(), quota(14), T0)
    for (let i = 0; i < 20; i++)
      state = planLease(state, { want: 2, share: 0.8, deadline: FAR }, T0).state as BucketState
    const late = planLease(state, { want: 2, share: 0.8, deadline: T0 + 1000 }, T0)
    expect(late.state).toBeNull()
    expect(late.answer).toEqual({ granted: 0, notBefore: state.nextAt })
    expect(state.nextAt).toBeGreaterThan(T0 + 1000)
  })

  it('never lets an idle limiter bank tokens for a burst', () => {
    const state = withQuota(emptyBucket(), quota(14), T0)
    const later = T0 + 60_000
    const plan = planLease(state, { want: 50, share: 0.8, deadline: FAR }, later)
    expect(plan.answer).toEqual({ granted: 2, notBefore: later })
  })

  it('never exceeds the daily quota: grants what is left, then waits until our sends leave the window', () => {
    let state = withQuota(emptyBucket(), quota(1000, 300, 200), T0)
    expect(dailyRemaining(state)).toBe(100)
    let granted = 0
    let now = T0
    for (;;) {
      const plan = planLease(state, { want: 50, share: 0.8, deadline: FAR }, now)
      if (plan.answer.granted === 0) {
        expect(granted).toBe(100)
        // Our 100 were granted in the 10:00 hour: they have all left SES's rolling window by 11:00 tomorrow.
        expect(plan.answer.waitUntil).toBe(T0 + HOUR_MS + DAY_MS)
        expect(plan.answer.notBefore).toBe(plan.answer.waitUntil)
        expect(plan.state).toBeNull()
        break
      }
      granted += plan.answer.granted
      state = plan.state as BucketState
      now = plan.answer.notBefore
    }
  })

  it('with the quota spent by the customer’s other mail, looks again an hour later', () => {
    const state = withQuota(emptyBucket(), quota(14, 200, 200), T0)
    const plan = planLease(state, { want: 2, share: 0.8, deadline: FAR }, T0)
    expect(plan.answer).toEqual({
      granted: 0,
      notBefore: T0 + QUOTA_RECHECK_MS,
      waitUntil: T0 + QUOTA_RECHECK_MS,
    })
  })

  it('treats a negative Max24HourSend as unlimited', () => {
    const state = withQuota(emptyBucket(), quota(1000, -1, 5_000_000), T0)
    expect(planLease(state, { want: 50, share: 0.8, deadline: FAR }, T0).answer.granted).toBe(50)
  })

  it('after a fresh GetAccount read, still counts the last minute of grants (SES may not have them yet)', () => {
    let state = withQuota(emptyBucket(), quota(1000, 10_000, 0), T0)
    state = planLease(state, { want: 50, share: 0.8, deadline: FAR }, T0).state as BucketState
    const later = T0 + 5 * 60_000
    state = planLease(state, { want: 50, share: 0.8, deadline: FAR }, later).state as BucketState
    expect(state.grantedSinceRead).toBe(100)
    const reread = withQuota(state, quota(1000, 10_000, 50), later + 1000)
    expect(reread.grantedSinceRead).toBe(50)
    expect(dailyRemaining(reread)).toBe(10_000 - 50 - 50)
  })

  it('forgets grant counts older than the rolling window', () => {
    let state = withQuota(emptyBucket(), quota(1000, 1_000_000, 0), T0)
    state = planLease(state, { want: 50, share: 0.8, deadline: FAR }, T0).state as BucketState
    const nextDay = T0 + DAY_MS + 2 * HOUR_MS
    state = planLease(state, { want: 50, share: 0.8, deadline: FAR }, nextDay).state as BucketState
    expect(Object.keys(state.hours)).toEqual([String(Math.floor(nextDay / HOUR_MS))])
    expect(Object.keys(state.recent)).toHaveLength(1)
  })

  it('holds every lease back after a throttle, never pulls the schedule earlier', () => {
    const state = withQuota(emptyBucket(), quota(14), T0)
    const held = heldUntil(state, T0 + 4000) as BucketState
    expect(planLease(held, { want: 1, share: 0.8, deadline: FAR }, T0).answer.notBefore).toBe(T0 + 4000)
    expect(heldUntil(held, T0 + 1000)).toBeNull()
  })
})
