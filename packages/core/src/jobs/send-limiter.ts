import { DEFAULT_SEND_SHARE_PERCENT } from '@app/contracts'
import { retry } from '../platform/retry'
import {
  type BucketState,
  dailyRemaining,
  heldUntil,
  type LeaseAnswer,
  planLease,
  type SendQuota,
  withQuota,
} from './send-bucket'
import { Conflict, readBucket, writeBucket } from './send-limiter.repo'

export type { LeaseAnswer, SendQuota } from './send-bucket'

/**
 * The campaigns' share of an account's MaxSendRate unless the account says otherwise (its `sendSharePercent`):
 * the rest is the customer's.
 */
export const DEFAULT_SEND_SHARE = DEFAULT_SEND_SHARE_PERCENT / 100
/** GetAccount is read again while sending once the cached quota is this old. */
export const QUOTA_MAX_AGE_MS = 5 * 60_000
/** With the daily quota spent, the quota is read again at most this often. */
const SPENT_QUOTA_MAX_AGE_MS = 60_000
const MAX_CONFLICTS = 50

export interface SendTokenRequest {
  /** The customer's 12-digit AWS account number: SES's limits are per account and region. */
  account: string
  region: string
  /** Recipients the caller would send now (a lease holds at most one slot's worth, ≤ 50). */
  want: number
  /** The campaigns' share of MaxSendRate as the account says now (default 0.8); every lease paces at its own. */
  share?: number
  /** Epoch ms: no lease is taken that would start later (the answer's `notBefore` says when one could). */
  deadline: number
  /** The account's SendQuota from SES `GetAccount`, called when the cached copy is old or the quota is spent. */
  readQuota: () => Promise<SendQuota>
}

export interface LimiterOptions {
  /** Epoch ms now (tests inject a clock). */
  now?: () => number
  /** Told when GetAccount failed and the cached quota was used instead. */
  onQuotaReadFailed?: (error: unknown) => void
}

/** A lost version is tried again at once-ish: full jitter under 5 ms × 2^n, ≤ 200 ms. */
const ON_CONFLICT = {
  attempts: MAX_CONFLICTS + 1,
  baseMs: 5,
  maxMs: 200,
  retryable: (error: unknown) => error instanceof Conflict,
}

function quotaIsStale(state: BucketState, now: number): boolean {
  if (!state.quota) return true
  const age = now - state.quota.readAt
  return age >= QUOTA_MAX_AGE_MS || (dailyRemaining(state) < 1 && age >= SPENT_QUOTA_MAX_AGE_MS)
}

/**
 * Leases send tokens from the one limiter of a customer AWS account and region, shared by every campaign and
 * send worker of that account: `granted` recipients (0..want) to send no earlier than `notBefore`. Nothing is
 * reserved when the lease would start after `deadline` (`granted: 0`, `notBefore` says when one could) or when
 * the daily quota is spent (`granted: 0`, `waitUntil` says when to try again). The caller waits until
 * `notBefore` itself (`sleepUntil`). One consistent read and one conditional write per lease; concurrent callers
 * retry on the version they lost to.
 */
export async function leaseSendTokens(
  request: SendTokenRequest,
  options: LimiterOptions = {},
): Promise<LeaseAnswer> {
  const now = options.now ?? Date.now
  const share = request.share ?? DEFAULT_SEND_SHARE
  if (!(share > 0 && share <= 1)) throw new RangeError(`share must be in (0, 1], got ${share}`)
  return retry(async () => {
    const read = await readBucket(request.account, request.region)
    let state = read
    let refreshed = false
    if (quotaIsStale(read, now())) {
      try {
        const quota = await request.readQuota()
        state = withQuota(read, quota, now())
        refreshed = true
      } catch (error) {
        if (!read.quota) throw error
        options.onQuotaReadFailed?.(error)
      }
    }
    const at = now()
    const plan = planLease(state, { want: request.want, share, deadline: request.deadline }, at)
    const next = plan.state ?? (refreshed ? { ...state, version: read.version + 1 } : null)
    if (next) await writeBucket(request.account, request.region, read, next, at)
    return plan.answer
  }, ON_CONFLICT)
}

/** The account's SendQuota as the limiter last read it from SES (undefined before its first lease). */
export async function cachedSendQuota(account: string, region: string): Promise<SendQuota | undefined> {
  const { quota } = await readBucket(account, region)
  return (
    quota && {
      maxSendRate: quota.maxSendRate,
      max24HourSend: quota.max24HourSend,
      sentLast24Hours: quota.sentLast24Hours,
    }
  )
}

/** The share of MaxSendRate the limiter paced the account's last lease at (undefined before its first). */
export async function pacedShare(account: string, region: string): Promise<number | undefined> {
  return (await readBucket(account, region)).share
}

/**
 * SES throttled a send anyway (the customer's other mail, a limit lowered since the read): no lease of the
 * account starts before `until`.
 */
export async function holdSends(account: string, region: string, until: number): Promise<void> {
  await retry(async () => {
    const read = await readBucket(account, region)
    const next = heldUntil(read, until)
    if (next) await writeBucket(account, region, read, next, Date.now())
  }, ON_CONFLICT)
}

/** Waits until `at` (epoch ms); timers may wake a millisecond early, so it checks again. */
export async function sleepUntil(at: number): Promise<void> {
  for (let wait = at - Date.now(); wait > 0; wait = at - Date.now())
    await new Promise((resolve) => setTimeout(resolve, wait))
}
