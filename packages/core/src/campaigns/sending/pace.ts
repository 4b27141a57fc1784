import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import { customerSes } from '../../aws-accounts/customer-clients'
import type { AwsConnectionRecord } from '../../aws-accounts/public'
import { throttleBackoff } from '../../jobs/backoff'
import { holdSends, leaseSendTokens, sleepUntil } from '../../jobs/send-limiter'

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

export type PaceAnswer = { ok: true } | { ok: false; waitUntil?: number }

/**
 * Waits until `recipients` may go within the campaigns' share of the account's MaxSendRate, shared by every
 * campaign and worker of the account (the limiter's leases, each ≤ what one second's spare limit absorbs). Not
 * ok when the next lease would start after `deadline`, or the daily quota is spent (`waitUntil`): the batch is
 * handed back.
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
    if (answer.waitUntil !== undefined) return { ok: false, waitUntil: answer.waitUntil }
    if (answer.granted === 0 && answer.notBefore > deadline) return { ok: false }
    await sleepUntil(answer.notBefore)
    granted += answer.granted
  }
  return { ok: true }
}

/** SES throttled anyway (another sender on the account): nobody of this account sends for a jittered while. */
export async function backOff(connection: AwsConnectionRecord, streak: number): Promise<void> {
  const { account, region } = limiterKey(connection)
  await holdSends(account, region, Date.now() + throttleBackoff(streak))
}
