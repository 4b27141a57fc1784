import {
  type ContactRecord,
  effectiveStatus,
  getContacts,
  listTopics,
  listUnsubscribeHeaders,
  unsubscribePageUrl,
} from '../../audience/public'
import { getConnection } from '../../aws-accounts/public'
import { sleepUntil } from '../../jobs/public'
import type { Logger } from '../../log'
import { pauseSending } from './control'
import { applyTransitions, type RecipientRecord, type Transition } from './ledger.repo'
import { backOff, paceRecipients } from './pace'
import type { SendBatchMessage } from './queue'
import {
  type BatchAnswer,
  endBatch,
  getBatch,
  getRun,
  markAttempted,
  type RunRecord,
  recordAnswer,
  updateRun,
} from './runs.repo'
import { type Destination, sendBulk } from './ses-send'
import { ACCOUNT_LEVEL, heldRecipients, settleBatch, settlement } from './settle'
import { recipientValues } from './variables'

/** The attempt mark extends the lease by this (covers the SES call, its answer and the outcome). */
export const SEND_WINDOW_MS = 60_000
/** A batch is marked only while its lease has this long to run (the call never outlives the lease). */
export const SEND_WINDOW_MARGIN_MS = 45_000
/** Pacing ends this long (at most half the margin) before the mark's deadline: the mark's own writes fit. */
const PACE_SLACK_MS = 2_000
/** The attempt mark is written this long before the lease's slot (its write's latency is not the call's). */
const MARK_AHEAD_MS = 500
/** How long a daily-quota stop waits before sending is tried again. */
const QUOTA_WAIT_MS = 15 * 60_000

/** The points of a send a test may crash at (throw from the hook). */
export type SendStep = 'start' | 'held' | 'marked' | 'called' | 'answered' | 'settled'

export interface SendOptions {
  /** Epoch ms: no pacing wait beyond it (the batch is handed back). */
  deadline: number
  log?: Logger
  /** Tests: shorter windows (the attempt mark's extension and the lease it must still have). */
  sendWindowMs?: number
  sendMarginMs?: number
  hook?: (step: SendStep, message: SendBatchMessage) => void | Promise<void>
}

const skip = (record: RecipientRecord, batchId: string, code: string, message: string): Transition => ({
  contactId: record.contactId,
  from: 'CLAIMED',
  to: 'SKIPPED',
  batchId,
  set: { reason: { code, message } },
})

/** Why a contact is no longer mailed at its turn (unsubscribed, bounced, suppressed, deleted), if it is not. */
function skipReason(
  contact: ContactRecord | undefined,
  run: RunRecord,
  topics: Map<string, Parameters<typeof effectiveStatus>[1]>,
): { code: string; message: string } | undefined {
  if (!contact)
    return { code: 'contact.deleted', message: 'The contact was deleted after the campaign started.' }
  if (contact.unsubscribeAll)
    return { code: 'contact.unsubscribed', message: 'The contact unsubscribed from everything.' }
  if (contact.suppressed)
    return {
      code: `contact.${contact.suppressed.reason.toLowerCase()}`,
      message: 'The address is suppressed (a bounce, a complaint or the SES suppression list).',
    }
  const subscribed = run.topicIds.some((id) => {
    const topic = topics.get(id)
    return topic !== undefined && effectiveStatus(contact, topic) === 'OPT_IN'
  })
  return subscribed
    ? undefined
    : { code: 'contact.unsubscribed', message: 'The contact left the campaign’s topics.' }
}

/**
 * One send batch (a `campaignSend` message): skips who is no longer to be mailed, waits for the account's pace,
 * marks the batch attempted, calls SES once, records the answer, then settles the recipients by it. A redelivery
 * re-settles an answered batch, and never sends an attempted one again (the takeover makes it UNKNOWN).
 */
export async function runSendBatch(message: SendBatchMessage, options: SendOptions): Promise<void> {
  const { orgId, campaignId } = message
  await options.hook?.('start', message)
  const [run, batch] = await Promise.all([
    getRun(orgId, campaignId),
    getBatch(orgId, campaignId, message.shard, message.batchId),
  ])
  if (!batch) return
  if (batch.answer || batch.attempted !== undefined || batch.ended) {
    if (batch.answer || batch.ended) await settleBatch(orgId, campaignId, batch, settlement(batch))
    // Its worker may have died between the answer and the pause it called for.
    if (batch.answer) await pauseForAccount(orgId, campaignId, batch.generation, batch.answer, options.log)
    return
  }
  const handBack = async () => {
    if (await endBatch(orgId, campaignId, batch, { abandon: true }))
      await settleBatch(orgId, campaignId, { ...batch, ended: true }, 'pending')
  }
  if (!run || run.generation !== batch.generation || run.status !== 'SENDING') return handBack()
  const connection = await getConnection(orgId, run.awsAccountId)
  if (!connection) return handBack()

  const held = await heldRecipients(orgId, campaignId, batch)
  await options.hook?.('held', message)
  if (held.length === 0) return
  const [contacts, topicList] = await Promise.all([
    getContacts(
      orgId,
      held.map((record) => record.contactId),
    ),
    listTopics(orgId),
  ])
  const topics = new Map(topicList.map((topic) => [topic.id, topic]))
  const skipped: Transition[] = []
  const destinations: Destination[] = []
  held.forEach((record, index) => {
    const contact = contacts[index]
    const reason = skipReason(contact, run, topics)
    if (reason || !contact) {
      skipped.push(skip(record, batch.batchId, reason?.code ?? 'contact.deleted', reason?.message ?? ''))
      return
    }
    const link = { contact: { id: contact.id, organizationId: orgId }, topics: run.topicIds, campaignId }
    const values = recipientValues(contact, run.variables, run.missingVariables, {
      ...run.senderValues,
      unsubscribeUrl: unsubscribePageUrl(link),
    })
    if ('missing' in values) {
      skipped.push(
        skip(record, batch.batchId, 'contact.missing_variable', `No value for ${values.missing.join(', ')}.`),
      )
      return
    }
    destinations.push({
      contactId: contact.id,
      email: contact.email,
      values: values.values,
      headers: listUnsubscribeHeaders(link),
    })
  })
  if (skipped.length > 0) await applyTransitions(orgId, campaignId, skipped)
  if (destinations.length === 0) return

  // Pacing never waits past the moment the batch could still be marked: a granted token is always used.
  const margin = options.sendMarginMs ?? SEND_WINDOW_MARGIN_MS
  const markBy = batch.leaseUntil - margin - Math.min(PACE_SLACK_MS, margin / 2)
  const paced = await paceRecipients(connection, destinations.length, Math.min(options.deadline, markBy))
  if (paced.waitUntil !== undefined)
    // The daily quota is spent: the dispatch waits until the limiter says (the status shows it).
    await updateRun(run, { waitingUntil: new Date(paced.waitUntil).toISOString() })
  if (paced.granted === 0) return handBack()
  // Fewer granted than held (a slow rate, a busy account): those go now, the rest back to PENDING first.
  const sending = destinations.slice(0, paced.granted)
  const later = destinations.slice(paced.granted)
  if (later.length > 0)
    await applyTransitions(
      orgId,
      campaignId,
      later.map((destination) => ({
        contactId: destination.contactId,
        from: 'CLAIMED' as const,
        to: 'PENDING' as const,
        batchId: batch.batchId,
      })),
    )
  // The attempt is marked just before the slot, so the mark's write never makes the call late (a late call lands
  // in the same second as the next slot's); the mark's window outlasts the wait many times over.
  await sleepUntil(paced.at - MARK_AHEAD_MS)
  const now = Date.now()
  if (!(await markAttempted(orgId, campaignId, batch, now, margin, options.sendWindowMs ?? SEND_WINDOW_MS))) {
    const current = await getBatch(orgId, campaignId, message.shard, message.batchId)
    if (current?.ended) await settleBatch(orgId, campaignId, current, settlement(current))
    return
  }
  await options.hook?.('marked', message)
  await sleepUntil(paced.at)
  const result = await sendBulk(connection, run, sending)
  await options.hook?.('called', message)
  await recordAnswer(orgId, campaignId, batch, result.answer)
  await options.hook?.('answered', message)
  const answered = (await getBatch(orgId, campaignId, message.shard, message.batchId)) ?? batch
  await settleBatch(orgId, campaignId, answered, 'answer')
  await options.hook?.('settled', message)

  await pauseForAccount(orgId, campaignId, batch.generation, result.answer, options.log)
  const statuses = Object.values(result.answer).map((answer) => answer.status)
  if (statuses.includes('ACCOUNT_THROTTLED')) await backOff(connection, 1)
  if (statuses.includes('ACCOUNT_DAILY_QUOTA_EXCEEDED'))
    await updateRun(run, { waitingUntil: new Date(Date.now() + QUOTA_WAIT_MS).toISOString() })
  if (result.kind === 'unknown')
    options.log?.warn('campaign.send_unknown', {
      orgId,
      campaignId,
      batchId: batch.batchId,
      error: result.message,
    })
}

/**
 * An answer with an account-level status (a whole-call error, or one per destination) pauses the run that sent
 * it, with SES's reason. Read from the stored answer, so a redelivery does it when the first worker could not.
 */
async function pauseForAccount(
  orgId: string,
  campaignId: string,
  generation: number,
  answer: Record<string, BatchAnswer>,
  log: Logger | undefined,
): Promise<void> {
  const entry = Object.values(answer).find((item) => ACCOUNT_LEVEL.has(item.status))
  if (!entry) return
  const reason = entry.code
    ? { code: `ses.${entry.code}`, message: entry.error ?? accountMessage(entry.status) }
    : { code: `ses.${entry.status.toLowerCase()}`, message: accountMessage(entry.status) }
  if (await pauseSending(orgId, campaignId, reason, { generation }))
    log?.warn('campaign.paused', { orgId, campaignId, code: reason.code })
}

function accountMessage(status: string): string {
  const words: Record<string, string> = {
    ACCOUNT_SUSPENDED: 'SES suspended the account’s sending.',
    ACCOUNT_SENDING_PAUSED: 'Sending is paused for the AWS account (or its configuration set).',
    CONFIGURATION_SET_SENDING_PAUSED: 'Sending is paused for the configuration set.',
    MAIL_FROM_DOMAIN_NOT_VERIFIED: 'The sender’s MAIL FROM domain is not verified.',
    CONFIGURATION_SET_NOT_FOUND: 'The configuration set no longer exists in SES.',
    TEMPLATE_NOT_FOUND: 'The campaign’s SES template no longer exists.',
    INVALID_SENDING_POOL_NAME: 'The configuration set names a sending pool that does not exist.',
  }
  return words[status] ?? status
}
