import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import { customerSes } from '../../aws-accounts/customer-clients'
import type { AwsConnectionRecord } from '../../aws-accounts/public'
import { throttleBackoff } from '../../jobs/backoff'
import {
  cachedSendQuota,
  DEFAULT_SEND_SHARE,
  holdSends,
  leaseSendTokens,
  sleepUntil,
} from '../../jobs/send-limiter'

/** The limiter's key: SES's limits are per AWS account number and region (the connection id until known). */
const limiterKey = (connection: AwsConnectionRecord) => ({
  account: connection.awsAccountNumber ?? connection.id,
  region: connection.region,
})

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
 * Waits until up to `recipients` may go within the campaigns' share of the account's MaxSendRate, shared by every
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

/**
 * Recipients worth keeping claimed for the account: what the campaigns' share of its MaxSendRate sends in half a
 * lease (at least one batch), so a claimed batch is sent long before a takeover could end it — a sandbox account
 * (1/s) holds a few dozen, not a thousand. Undefined until the limiter has read the account's quota.
 */
export async function inFlightFor(
  connection: AwsConnectionRecord,
  leaseMs: number,
  batchSize: number,
): Promise<number | undefined> {
  const { account, region } = limiterKey(connection)
  const quota = await cachedSendQuota(account, region)
  if (!quota) return undefined
  return Math.max(batchSize, Math.floor((quota.maxSendRate * DEFAULT_SEND_SHARE * leaseMs) / 2000))
}
