import { DEFAULT_SEND_SHARE_PERCENT } from '@app/contracts'
import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import { customerSes } from '../../aws-accounts/customer-clients'
import type { AwsConnectionRecord } from '../../aws-accounts/public'
import { throttleBackoff } from '../../jobs/backoff'
import { maxLease } from '../../jobs/send-bucket'
import { cachedSendQuota, holdSends, leaseSendTokens, pacedShare, sleepUntil } from '../../jobs/send-limiter'

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

/** How many recipients may go now (`waitUntil`: the daily quota is spent, try again then). */
export interface PaceAnswer {
  granted: number
  waitUntil?: number
}

/**
 * Waits until up to `recipients` may go within the campaigns' share of the account's MaxSendRate (the share of
 * `connection`, which the send worker reads for each batch: a changed share applies from the next), shared by every
 * campaign and worker of the account (the limiter's leases, each ≤ what one second's spare limit absorbs). Stops
 * early, with what was granted so far, when the next lease would start after `deadline` or the daily quota is
 * spent: the caller sends the granted ones and hands the rest back, so no granted token is wasted.
 */
export async function paceRecipients(
  connection: AwsConnectionRecord,
  recipients: number,
  deadline: number,
): Promise<PaceAnswer> {
  const key = limiterKey(connection)
  let granted = 0
  while (granted < recipients) {
    const answer = await leaseSendTokens({
      ...key,
      want: Math.min(50, recipients - granted),
      share: campaignShare(connection),
      deadline,
      readQuota: () => readQuota(connection),
    })
    if (answer.waitUntil !== undefined) return { granted, waitUntil: answer.waitUntil }
    if (answer.granted === 0 && answer.notBefore > deadline) break
    await sleepUntil(answer.notBefore)
    granted += answer.granted
  }
  return { granted }
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
 * limiter holds (`maxLease`: the spare part of MaxSendRate, ≤ 50), so a batch is paced by one lease and sent at
 * its slot — grants gathered over several slots and sent in one call would land together with other workers'
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
  const batch = Math.min(batchSize, maxLease(quota, share))
  return {
    batch,
    window: Math.max(
      batch,
      Math.floor((quota.maxSendRate * share * Math.min(leaseMs / 2, WINDOW_SECONDS * 1000)) / 1000),
    ),
  }
}
