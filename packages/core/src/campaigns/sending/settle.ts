import { applyTransitions, getRecipients, type RecipientRecord, type Transition } from './ledger.repo'
import type { RecipientStatus } from './model'
import type { BatchAnswer, BatchRecord } from './runs.repo'

/** Transient failures of one destination tried this many times in all before it is FAILED. */
export const MAX_ATTEMPTS = 3

/** Per-destination statuses that stop the whole campaign (the account or its setup, not the recipient). */
export const ACCOUNT_LEVEL = new Set([
  'ACCOUNT_SUSPENDED',
  'ACCOUNT_SENDING_PAUSED',
  'MAIL_FROM_DOMAIN_NOT_VERIFIED',
  'CONFIGURATION_SET_NOT_FOUND',
  'CONFIGURATION_SET_SENDING_PAUSED',
  'TEMPLATE_NOT_FOUND',
  'INVALID_SENDING_POOL_NAME',
  'ACCOUNT_LEVEL',
])

/** The recipients a batch still holds (CLAIMED by it). */
export async function heldRecipients(orgId: string, campaignId: string, batch: BatchRecord) {
  const records = await getRecipients(orgId, campaignId, batch.contactIds)
  return records.filter(
    (record): record is RecipientRecord => record?.status === 'CLAIMED' && record.batchId === batch.batchId,
  )
}

const move = (
  record: RecipientRecord,
  batchId: string,
  to: RecipientStatus,
  set: Record<string, unknown> = {},
): Transition => ({ contactId: record.contactId, from: 'CLAIMED', to, batchId, set })

/** What one destination's answer makes of its recipient. */
export function outcomeOf(
  record: RecipientRecord,
  batchId: string,
  answer: BatchAnswer | undefined,
  now: string,
) {
  if (!answer || answer.status === 'UNKNOWN') return move(record, batchId, 'UNKNOWN', { unknownAt: now })
  if (answer.status === 'SUCCESS')
    return move(record, batchId, 'SENT', { messageId: answer.messageId ?? null, reason: null })
  if (answer.status === 'ACCOUNT_THROTTLED' || answer.status === 'ACCOUNT_DAILY_QUOTA_EXCEEDED')
    return move(record, batchId, 'PENDING')
  if (ACCOUNT_LEVEL.has(answer.status)) return move(record, batchId, 'PENDING')
  if (answer.status === 'TRANSIENT_FAILURE' && record.attempts + 1 < MAX_ATTEMPTS)
    return move(record, batchId, 'PENDING', { attempts: record.attempts + 1 })
  return move(record, batchId, 'FAILED', {
    attempts: record.attempts + 1,
    reason: {
      code: `ses.${answer.status.toLowerCase()}`,
      message: answer.error ?? `SES answered ${answer.status} for this recipient.`,
    },
  })
}

/**
 * Settles what a batch still holds, by its recorded answer, or (without one) as never sent (`PENDING`) or as
 * possibly sent (`UNKNOWN`: attempted, no answer). Idempotent: every move is conditioned on the batch's claim.
 */
export async function settleBatch(
  orgId: string,
  campaignId: string,
  batch: BatchRecord,
  how: 'answer' | 'pending' | 'unknown',
  now = new Date().toISOString(),
): Promise<void> {
  const held = await heldRecipients(orgId, campaignId, batch)
  if (held.length === 0) return
  const transitions = held.map((record) =>
    how === 'answer'
      ? outcomeOf(record, batch.batchId, batch.answer?.[record.contactId], now)
      : how === 'unknown'
        ? move(record, batch.batchId, 'UNKNOWN', { unknownAt: now })
        : move(record, batch.batchId, 'PENDING'),
  )
  await applyTransitions(orgId, campaignId, transitions, [], now)
}

/** How a batch no worker holds any more is settled (after `endBatch`, or found ended). */
export const settlement = (batch: BatchRecord): 'answer' | 'pending' | 'unknown' =>
  batch.answer ? 'answer' : batch.attempted !== undefined ? 'unknown' : 'pending'
