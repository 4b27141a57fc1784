import { DEFAULT_SEND_SHARE_PERCENT } from '@app/contracts'
import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import type { AwsConnectionRecord } from '../../aws-accounts/public'
import { customerSes } from '../../aws-accounts/public'
import {
  cachedSendQuota,
  holdSends,
  leasePlan,
  leaseSendTokens,
  MAX_LEASE,
  pacedShare,
  throttleBackoff,
} from '../../jobs/public'

/** The limiter's key: SES's limits are per AWS account number and region (the connection id until known). */
const limiterKey = (connection: AwsConnectionRecord) => ({
  account: connection.awsAccountNumber ?? connection.id,
  region: connection.region,
})

/** The campaigns' share of the account's MaxSendRate (0.1–1), as the account's setting says now. */
export const campaignShare = (connection: Pick<AwsConnectionRecord, 'sendSharePercent'>): number =>
  (connection.sendSharePercent ?? DEFAULT_SEND_SHARE_PERCENT) / 100

/** The share the account's limiter paced its last lease at (tests and the bench check a change reached it). */
export function limiterShare(connection: AwsConnectionRecord): Promise<number | undefined> {
  const { account, region } = limiterKey(connection)
  return pacedShare(account, region)
}

/** The account's SendQuota, read by the limiter when its cached copy is old or the daily quota is spent. */
async function readQuota(connection: AwsConnectionRecord) {
  const account = await (await customerSes(connection)).send(new GetAccountCommand({}))
  return {
    maxSendRate: account.SendQuota?.MaxSendRate ?? 1,
    max24HourSend: account.SendQuota?.Max24HourSend ?? 200,
    sentLast24Hours: account.SendQuota?.SentLast24Hours ?? 0,
  }
}

/** How many recipients may go, from when (`waitUntil`: the daily quota is spent, try again then). */
export interface PaceAnswer {
  granted: number
  /** Epoch ms: the lease's slot; the caller sends at it (`sleepUntil`), not before. */
  at: number
  waitUntil?: number
}

/**
 * Leases a slot for up to `recipients` within the campaigns' share of the account's MaxSendRate (the share of
 * `connection`, which the send worker reads for each batch: a changed share applies from the next), shared by every
 * campaign and worker of the account. One lease, one slot: what it does not grant goes back to PENDING (a batch
 * is claimed at the lease size, so that is rare). Nothing is granted when the slot would start after `deadline`
 * or the daily quota is spent. The caller waits for the slot itself, so its own writes before the call can be
 * done ahead of it.
 */
export async function paceRecipients(
  connection: AwsConnectionRecord,
  recipients: number,
  deadline: number,
): Promise<PaceAnswer> {
  const answer = await leaseSendTokens({
    ...limiterKey(connection),
    want: Math.min(MAX_LEASE, recipients),
    share: campaignShare(connection),
    deadline,
    readQuota: () => readQuota(connection),
  })
  return answer.waitUntil === undefined
    ? { granted: answer.granted, at: answer.notBefore }
    : { granted: 0, at: answer.notBefore, waitUntil: answer.waitUntil }
}

/** SES throttled anyway (another sender on the account): nobody of this account sends for a jittered while. */
export async function backOff(connection: AwsConnectionRecord, streak: number): Promise<void> {
  const { account, region } = limiterKey(connection)
  await holdSends(account, region, Date.now() + throttleBackoff(streak))
}

/** Seconds of sending a campaign keeps claimed ahead (the dispatch tops it up every second or two). */
const WINDOW_SECONDS = 10

/**
 * How the dispatcher claims for the account: `batch`, the recipients of one send batch, is what one lease of the
 * limiter holds (`leasePlan`: ≤ 50 and within a second's cap), so a batch is paced by one lease and sent at
 * its start — grants gathered over several slots and sent in one call would land together with other workers'
 * and go over MaxSendRate in that second (the bench saw 20 % of calls throttled at 50/s with five workers).
 * `window`, the recipients worth keeping claimed: what the campaigns' share sends in `WINDOW_SECONDS` (and at
 * most in half a lease; at least one batch), so a claimed batch is sent long before a takeover could end it, and
 * two campaigns of one account share the send queue within seconds instead of the second waiting behind the
 * first's backlog. Undefined until the limiter has read the account's quota.
 */
export async function claimSizing(
  connection: AwsConnectionRecord,
  leaseMs: number,
  batchSize: number,
): Promise<{ batch: number; window: number } | undefined> {
  const { account, region } = limiterKey(connection)
  const quota = await cachedSendQuota(account, region)
  if (!quota) return undefined
  const share = campaignShare(connection)
  const batch = Math.min(batchSize, leasePlan(quota, share).size)
  return {
    batch,
    window: Math.max(
      batch,
      Math.floor((quota.maxSendRate * share * Math.min(leaseMs / 2, WINDOW_SECONDS * 1000)) / 1000),
    ),
  }
}
