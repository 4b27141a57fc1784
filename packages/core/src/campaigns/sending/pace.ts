import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import { customerSes } from '../../aws-accounts/customer-clients'
import type { AwsConnectionRecord } from '../../aws-accounts/public'
import { holdSlots, takeSlot } from '../../jobs/pacer'

/** Campaigns take at most this share of the account's MaxSendRate (its own transactional mail keeps the rest). */
export const CAMPAIGN_SHARE = 0.8
/** How long a read of the account's quota is trusted while sending. */
const QUOTA_TTL_MS = 60_000

const quotas = new Map<string, { maxSendRate: number; readAt: number }>()

/** The send pace of a customer account: its own key, beside (not sharing) the control-plane pace. */
export const sendPaceKey = (connection: AwsConnectionRecord) => ({
  account: `${connection.awsAccountNumber ?? connection.id}#send`,
  region: connection.region,
})

/** MaxSendRate from `GetAccount`, refreshed every minute while sending. */
async function maxSendRate(connection: AwsConnectionRecord): Promise<number> {
  const cached = quotas.get(connection.id)
  if (cached && Date.now() - cached.readAt < QUOTA_TTL_MS) return cached.maxSendRate
  const account = await (await customerSes(connection)).send(new GetAccountCommand({}))
  const rate = Math.max(account.SendQuota?.MaxSendRate ?? 1, 1)
  quotas.set(connection.id, { maxSendRate: rate, readAt: Date.now() })
  return rate
}

/**
 * Waits until `recipients` may be sent within the campaigns' share of MaxSendRate, across every worker (one slot
 * of `recipients / rate` seconds on the account's shared pace item). Throws `SliceTimeUp` past `deadline`.
 */
export async function paceRecipients(
  connection: AwsConnectionRecord,
  recipients: number,
  deadline: number,
): Promise<void> {
  const rate = (await maxSendRate(connection)) * CAMPAIGN_SHARE
  await takeSlot(sendPaceKey(connection), rate / Math.max(recipients, 1), deadline)
}

/** SES throttled anyway: nobody of this account sends for a jittered while (growing with `streak`). */
export async function backOff(connection: AwsConnectionRecord, streak: number): Promise<void> {
  const base = Math.min(30_000, 500 * 2 ** Math.min(streak, 6))
  await holdSlots(sendPaceKey(connection), Date.now() + base / 2 + Math.random() * (base / 2))
}
