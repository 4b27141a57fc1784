/**
 * The arithmetic of the shared send limiter (`send-limiter.ts` stores it on one DynamoDB item per customer AWS
 * account and region), kept free of I/O so every rule is asserted on an injected clock.
 *
 * Rate: a virtual schedule (GCRA): `nextAt` is when the next recipient may go; a lease of `n` recipients starts at
 * `max(now, nextAt)` and moves `nextAt` on by `n / rate`. The rate is the campaigns' share of the account's
 * MaxSendRate, so the customer's own mail keeps the rest. SES counts recipients per second: a lease is at most
 * what the rest of the limit absorbs (`maxLease`), so the recipients of any one-second window — however the
 * leases fall in it, and with some network jitter — stay within MaxSendRate.
 *
 * Daily quota: SES's window is rolling (every send counts for 24 hours). The limiter keeps GetAccount's
 * SentLast24Hours with the time it was read, plus what it granted since; what remains is Max24HourSend minus both.
 * Grants are also counted per hour (the last 25) to know when our own sends leave the window, and per 10 seconds
 * (the last 2 minutes) so a fresh read that may lag SES's own count a little still counts the last minute's grants
 * (counted twice at worst: the quota is never exceeded).
 */

export interface SendQuota {
  /** Recipients per second (SES's MaxSendRate). */
  maxSendRate: number
  /** Recipients per rolling 24 hours; negative means unlimited. */
  max24HourSend: number
  sentLast24Hours: number
}

export interface BucketState {
  /** Optimistic concurrency: every write is conditioned on the version read. */
  version: number
  /** Epoch ms before which the next recipient may not go. */
  nextAt: number
  quota?: SendQuota & { readAt: number }
  /** Recipients granted since the quota was read (or, after a read, those of the lag window before it). */
  grantedSinceRead: number
  /** Recipients granted per hour (key: epoch hour), the last 25 hours. */
  hours: Record<string, number>
  /** Recipients granted per 10 s (key: epoch ms / 10,000), the last 2 minutes. */
  recent: Record<string, number>
  /**
   * The campaigns' share of MaxSendRate the last lease was paced at: each lease brings the account's current
   * share, so a change reaches running campaigns at their next lease (kept to show what the limiter applies).
   */
  share?: number
}

export interface LeaseRequest {
  want: number
  /** The campaigns' share of MaxSendRate, 0 < share ≤ 1. */
  share: number
  /** Epoch ms: a lease that would start later is not taken. */
  deadline: number
}

export interface LeaseAnswer {
  /** Recipients the caller may send (0 when nothing was reserved). */
  granted: number
  /** Epoch ms: send no earlier (with nothing granted: the earliest time a lease could start). */
  notBefore: number
  /** The daily quota is spent: try again at this time (epoch ms). */
  waitUntil?: number
}

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS
const RECENT_MS = 10_000
/** How long after a send SES's SentLast24Hours may still miss it (assumed; counted twice rather than missed). */
export const QUOTA_LAG_MS = 60_000
/** With the daily quota spent and none of our own sends to age out (others used it): look again after this. */
export const QUOTA_RECHECK_MS = HOUR_MS
/** The fewest ms to wait on a spent quota (SES's count moves slowly; no tight loop of GetAccount calls). */
const MIN_QUOTA_WAIT_MS = 60_000
/** SendBulkEmail takes at most 50 destinations. */
export const MAX_LEASE = 50
/**
 * The part of the rest of the limit a lease may use: the other half absorbs network jitter between calls (a lease
 * sent late lands in the same second as the next one). With 0.75 the local bench's busiest second reached the
 * limit exactly; with 0.5 it keeps a lease's worth below.
 */
const LEASE_HEADROOM = 0.5

export const emptyBucket = (): BucketState => ({
  version: 0,
  nextAt: 0,
  grantedSinceRead: 0,
  hours: {},
  recent: {},
})

/** Recipients per second the campaigns may use. */
export const shareRate = (quota: SendQuota, share: number) => quota.maxSendRate * share

/**
 * The most recipients one lease may hold: within the part of MaxSendRate the share leaves free, so that two
 * leases landing in the same second never go over the limit; at least 1, at most SendBulkEmail's 50.
 */
export function maxLease(quota: SendQuota, share: number): number {
  const spare = (quota.maxSendRate - shareRate(quota, share)) * LEASE_HEADROOM
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(spare)))
}

/** Recipients the daily quota still allows (Infinity when unlimited). */
export function dailyRemaining(state: BucketState): number {
  const quota = state.quota
  if (!quota || quota.max24HourSend < 0) return Number.POSITIVE_INFINITY
  return Math.max(0, quota.max24HourSend - quota.sentLast24Hours - state.grantedSinceRead)
}

/**
 * When enough of our own grants leave the rolling 24-hour window for `need` more recipients; with too few of
 * ours in it (the customer's other mail spent the quota) the next look is `QUOTA_RECHECK_MS` away.
 */
export function quotaFreesAt(state: BucketState, need: number, now: number): number {
  let freed = 0
  for (const hour of Object.keys(state.hours)
    .map(Number)
    .sort((a, b) => a - b)) {
    freed += state.hours[hour] ?? 0
    // Every grant of that hour has left the window once the hour's end is 24 hours behind.
    if (freed >= need) return Math.max(now + MIN_QUOTA_WAIT_MS, (hour + 1) * HOUR_MS + DAY_MS)
  }
  return now + QUOTA_RECHECK_MS
}

/** A fresh GetAccount read: SES's count replaces ours, except the grants of the lag window before the read. */
export function withQuota(state: BucketState, quota: SendQuota, readAt: number): BucketState {
  const lagFrom = Math.floor((readAt - QUOTA_LAG_MS) / RECENT_MS)
  const lagging = Object.entries(state.recent).reduce(
    (sum, [bucket, count]) => (Number(bucket) >= lagFrom ? sum + count : sum),
    0,
  )
  return { ...state, quota: { ...quota, readAt }, grantedSinceRead: lagging }
}

function counted(counts: Record<string, number>, key: number, add: number, keepFrom: number) {
  const next: Record<string, number> = {}
  for (const [bucket, count] of Object.entries(counts)) if (Number(bucket) >= keepFrom) next[bucket] = count
  next[key] = (next[key] ?? 0) + add
  return next
}

/**
 * One lease decision: the new state to write (null when nothing changes) and the answer. Requires a quota
 * (`withQuota` first).
 */
export function planLease(
  state: BucketState,
  request: LeaseRequest,
  now: number,
): { state: BucketState | null; answer: LeaseAnswer } {
  const quota = state.quota
  if (!quota) throw new Error('planLease needs the account quota')
  const rate = shareRate(quota, request.share)
  const start = Math.max(now, state.nextAt)
  const remaining = dailyRemaining(state)
  if (remaining < 1) {
    const waitUntil = quotaFreesAt(state, Math.max(1, request.want), now)
    return { state: null, answer: { granted: 0, notBefore: waitUntil, waitUntil } }
  }
  if (start > request.deadline || request.want < 1 || rate <= 0)
    return { state: null, answer: { granted: 0, notBefore: start } }
  const granted = Math.min(Math.floor(request.want), maxLease(quota, request.share), remaining)
  const hour = Math.floor(start / HOUR_MS)
  const tenSeconds = Math.floor(start / RECENT_MS)
  return {
    state: {
      ...state,
      version: state.version + 1,
      nextAt: start + (granted / rate) * 1000,
      share: request.share,
      grantedSinceRead: state.grantedSinceRead + granted,
      hours: counted(state.hours, hour, granted, Math.floor((now - DAY_MS) / HOUR_MS) - 1),
      recent: counted(state.recent, tenSeconds, granted, Math.floor((now - 2 * QUOTA_LAG_MS) / RECENT_MS)),
    },
    answer: { granted, notBefore: start },
  }
}

/** SES throttled anyway (the customer's other mail, a lower limit than read): nobody sends before `until`. */
export function heldUntil(state: BucketState, until: number): BucketState | null {
  if (state.nextAt >= until) return null
  return { ...state, version: state.version + 1, nextAt: until }
}
