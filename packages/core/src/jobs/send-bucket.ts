/**
 * The arithmetic of the shared send limiter (`send-limiter.ts` stores it on one DynamoDB item per customer AWS
 * account and region), kept free of I/O so every rule is asserted on an injected clock.
 *
 * Rate: a virtual schedule (GCRA): `nextAt` is when the next recipient may go; a lease of `n` recipients starts at
 * `max(now, nextAt)` and moves `nextAt` on by `n / rate`. The rate is the campaigns' share of the account's
 * MaxSendRate, so the customer's own mail keeps the rest. SES counts recipients per second: the limiter also keeps
 * the leases of the last `LEASE_WINDOW_MS` (a second plus the jitter a send may land late by) and starts a lease
 * only when that window's leases and it fit the cap (`leasePlan`), so every one-second window of sends stays within
 * MaxSendRate, whatever the leases' sizes.
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

/** A granted lease: [start (epoch ms), recipients]. */
export type Lease = [number, number]

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
  /** The leases of the last `LEASE_WINDOW_MS` before the latest: [start (epoch ms), recipients]. */
  leases?: Lease[]
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
 * How much later than its start one lease's send may land compared with another's (timer and network jitter):
 * the leases of any window this long stay within the cap, so every one-second window of sends does too.
 */
export const LEASE_WINDOW_MS = 1040

/**
 * About how many leases a second the limiter cuts the rate into: small leases keep every send worker busy and
 * the sends even (a few big ones leave gaps whenever one is late); more would only add SES calls.
 */
const LEASES_PER_SECOND = 8

/** How the limiter paces an account. */
export interface LeasePlan {
  /** Recipients one lease may hold (1–50): a send batch. */
  size: number
  /** Recipients per second on average: the campaigns' share of MaxSendRate. */
  rate: number
  /** Recipients the leases starting within any `LEASE_WINDOW_MS` may hold together. */
  cap: number
}

/**
 * The lease size, rate and cap for a share of MaxSendRate. The cap is the share plus half of what it leaves to the
 * customer's own mail (leases close together still stay within MaxSendRate), MaxSendRate itself at a 100 %
 * share. A lease is about an eighth of a second's rate (at most SendBulkEmail's 50), cut so whole leases fill
 * the cap as closely as they can: at 14/s and 100 %, seven leases of 2 per 1.04 s (0.96 of MaxSendRate);
 * at 50/s and 80 %, leases of 5 at 40/s.
 */
export function leasePlan(quota: SendQuota, share: number): LeasePlan {
  const rate = shareRate(quota, share)
  const cap = Math.max(1, Math.floor(rate + (quota.maxSendRate - rate) / 2))
  const most = Math.min(MAX_LEASE, cap, Math.max(1, Math.ceil(rate / LEASES_PER_SECOND)))
  let size = most
  // Whole leases fill the cap best: the size (the larger among equals) whose multiple comes closest to it.
  for (let smaller = most - 1; smaller >= 1; smaller--)
    if (Math.floor(cap / smaller) * smaller > Math.floor(cap / size) * size) size = smaller
  return { size, rate, cap }
}

/**
 * The earliest start from `from` at which `granted` more recipients keep every `LEASE_WINDOW_MS` within the cap,
 * and the leases still inside the window before it (with the new one).
 */
function windowStart(leases: Lease[], from: number, granted: number, cap: number) {
  let start = from
  let inWindow = leases.filter(([at]) => at > start - LEASE_WINDOW_MS)
  let held = inWindow.reduce((sum, [, count]) => sum + count, 0)
  while (inWindow.length > 0 && held + granted > cap) {
    const [at, count] = inWindow[0] as Lease
    start = Math.max(start, at + LEASE_WINDOW_MS)
    inWindow = inWindow.slice(1)
    held -= count
  }
  return { start, leases: [...inWindow, [start, granted] as Lease] }
}

export const emptyBucket = (): BucketState => ({
  version: 0,
  nextAt: 0,
  grantedSinceRead: 0,
  hours: {},
  recent: {},
})

/** Recipients per second the campaigns may use. */
export const shareRate = (quota: SendQuota, share: number) => quota.maxSendRate * share

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
  const plan = leasePlan(quota, request.share)
  const earliest = Math.max(now, state.nextAt)
  const remaining = dailyRemaining(state)
  if (remaining < 1) {
    const waitUntil = quotaFreesAt(state, Math.max(1, request.want), now)
    return { state: null, answer: { granted: 0, notBefore: waitUntil, waitUntil } }
  }
  if (earliest > request.deadline || request.want < 1 || plan.rate <= 0)
    return { state: null, answer: { granted: 0, notBefore: earliest } }
  const granted = Math.min(Math.floor(request.want), plan.size, remaining)
  const { start, leases } = windowStart(state.leases ?? [], earliest, granted, plan.cap)
  if (start > request.deadline) return { state: null, answer: { granted: 0, notBefore: start } }
  const hour = Math.floor(start / HOUR_MS)
  const tenSeconds = Math.floor(start / RECENT_MS)
  return {
    state: {
      ...state,
      version: state.version + 1,
      nextAt: start + (granted / plan.rate) * 1000,
      leases,
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
