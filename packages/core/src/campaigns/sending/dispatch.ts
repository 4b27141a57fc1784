import { ulid } from 'ulid'
import { getConnection } from '../../aws-accounts/public'
import { TransactionFailed, transact } from '../../db/transact'
import { newEvent, outboxPut } from '../../events/outbox'
import type { Logger } from '../../log'
import { applyTransitions, queryByStatus, readCounts, SHARDS } from './ledger.repo'
import { materialise } from './materialise'
import type { SendingCounts } from './model'
import { claimSizing } from './pace'
import { type DispatchMessage, enqueueDispatch, enqueueSends, type SendBatchMessage } from './queue'
import { endBatch, getBatch, getRun, putBatch, type RunRecord, runUpdateItem, updateRun } from './runs.repo'
import { deleteCampaignTemplate } from './ses-template'
import { settleBatch, settlement } from './settle'

/** A claim holds this long before a takeover may end it (covers the send queue's backlog and redeliveries). */
export const LEASE_MS = 10 * 60_000
/** An UNKNOWN recipient with no SES event after this is UNCONFIRMED (never re-sent by itself). */
export const UNCONFIRMED_AFTER_MS = 15 * 60_000
/** Recipients a dispatch keeps in flight (CLAIMED) at most: the send queue's backlog stays short. */
export const IN_FLIGHT_WINDOW = 1_000
const BATCH_SIZE = 50
/** The sending engine, as the events it writes name it. */
const ENGINE = { type: 'system', name: 'campaigns.engine' } as const

export interface DispatchOptions {
  /** Epoch ms: the step's end (a materialise slice stops there). */
  deadline: number
  now?: () => number
  leaseMs?: number
  unconfirmedAfterMs?: number
  window?: number
  /** Tests: the continuation's delay is capped at this (seconds). */
  maxDelaySeconds?: number
  /** Recipients per send batch (≤ 50, SendBulkEmail's limit). */
  batchSize?: number
  log?: Logger
  /** Tests: runs between a batch's claim and its enqueue (throw to crash there). */
  afterClaim?: (message: SendBatchMessage) => void | Promise<void>
}

/** What the worker does next: enqueue the continuation after `delaySeconds`, or nothing. */
export type DispatchResult = { next: 'again'; delaySeconds: number } | { next: 'done' }

/**
 * One step of a run (a `campaignDispatch` message): writes the ledger while materialising; then takes over
 * expired claims, confirms nothing about UNKNOWNs older than 15 minutes (UNCONFIRMED), claims PENDING recipients
 * into batches up to the in-flight window and enqueues them, and finishes the run when the ledger has no
 * PENDING, CLAIMED or UNKNOWN recipient. A message of an older generation does nothing.
 */
async function runDispatchStep(run: RunRecord, options: DispatchOptions): Promise<DispatchResult> {
  const now = options.now ?? Date.now
  if (run.status === 'CANCELLED') {
    await removeTemplate(run)
    return { next: 'done' }
  }
  if (run.status !== 'SENDING') return { next: 'done' }
  if (run.materialising) {
    await materialise(run, options.deadline)
    return { next: 'again', delaySeconds: 0 }
  }
  if (run.waitingUntil && Date.parse(run.waitingUntil) > now())
    return { next: 'again', delaySeconds: Math.ceil((Date.parse(run.waitingUntil) - now()) / 1000) }
  if (run.waitingUntil) await updateRun(run, { waitingUntil: null })

  await takeOverExpired(run, now())
  await confirmNothing(run, now() - (options.unconfirmedAfterMs ?? UNCONFIRMED_AFTER_MS))
  const counts = await readCounts(run.orgId, run.campaignId)
  if (counts.pending === 0 && counts.claimed === 0) {
    if (counts.unknown > 0) return { next: 'again', delaySeconds: 30 }
    const finished = await finishRun(run, counts, new Date(now()))
    if (finished && counts.failed === 0 && counts.unconfirmed === 0) await removeTemplate(run)
    options.log?.info('campaign.finished', { orgId: run.orgId, campaignId: run.campaignId, counts })
    return { next: 'done' }
  }
  const sizing = await claimSizes(run, options)
  const room = sizing.window - counts.claimed
  const leaseUntil = now() + (options.leaseMs ?? LEASE_MS)
  const claimed =
    room > 0 ? await claimBatches(run, room, leaseUntil, { ...options, batchSize: sizing.batch }) : 0
  return { next: 'again', delaySeconds: claimed > 0 ? 1 : 2 }
}

/**
 * The run is SENT, with `campaign.finished` and its counts in the same transaction: once per end, since only a
 * run not finished yet (`finishedAt` null; a "retry failed" clears it) at the generation read takes it.
 */
async function finishRun(run: RunRecord, counts: SendingCounts, at: Date): Promise<boolean> {
  const finishedAt = at.toISOString()
  const { total, sent, failed, skipped, unconfirmed } = counts
  try {
    await transact([
      runUpdateItem(
        run,
        { status: 'SENT', finishedAt },
        { extraCondition: 'attribute_type(finishedAt, :null)', extraValues: { ':null': 'NULL' } },
      ),
      outboxPut(
        newEvent(
          'campaign.finished',
          run.orgId,
          {
            campaignId: run.campaignId,
            startedAt: run.startedAt,
            finishedAt,
            counts: { total, sent, failed, skipped, unconfirmed },
          },
          ENGINE,
          at,
        ),
      ),
    ])
    return true
  } catch (error) {
    if (error instanceof TransactionFailed && error.anyConditionFailed) return false
    throw error
  }
}

/**
 * Handles a `campaignDispatch` message. Each run has one dispatch chain: a message runs only for the run's
 * generation and current step (`seq`); the step then advances `dispatchSeq` (conditioned on it) and enqueues the
 * next message. A redelivery of the step before re-enqueues the current one (its continuation may have been lost
 * in a crash between the advance and the enqueue): a duplicate runs a harmless step and fails to advance, so
 * redeliveries never multiply the chain. Older messages do nothing.
 */
export async function handleDispatch(
  message: DispatchMessage,
  options: DispatchOptions,
): Promise<DispatchResult> {
  const { seq } = message
  const run = await getRun(message.orgId, message.campaignId)
  if (!run || run.generation !== message.generation || seq < run.dispatchSeq - 1) return { next: 'done' }
  const chain = { orgId: run.orgId, campaignId: run.campaignId, generation: run.generation }
  if (seq === run.dispatchSeq - 1) {
    await enqueueDispatch({ ...chain, seq: run.dispatchSeq })
    return { next: 'done' }
  }
  const result = await runDispatchStep(run, options)
  if (result.next === 'done') return result
  const latest = await getRun(run.orgId, run.campaignId)
  if (!latest || latest.generation !== run.generation || latest.dispatchSeq !== seq) return { next: 'done' }
  const advanced = await updateRun(
    latest,
    { dispatchSeq: seq + 1 },
    {
      extraCondition: 'dispatchSeq = :seq',
      extraValues: { ':seq': seq },
    },
  )
  if (advanced)
    await enqueueDispatch(
      { ...chain, seq: seq + 1 },
      Math.min(result.delaySeconds, options.maxDelaySeconds ?? Number.POSITIVE_INFINITY),
    )
  return result
}

/**
 * The batch size and the window of claimed recipients: the configured ones, narrowed to the account's rate (see
 * `claimSizing`); one recipient until the limiter has read the account's quota (the first send reads it).
 */
async function claimSizes(
  run: RunRecord,
  options: DispatchOptions,
): Promise<{ batch: number; window: number }> {
  const configured = { batch: options.batchSize ?? BATCH_SIZE, window: options.window ?? IN_FLIGHT_WINDOW }
  const connection = await getConnection(run.orgId, run.awsAccountId)
  if (!connection) return configured
  const paced = await claimSizing(connection, options.leaseMs ?? LEASE_MS, configured.batch)
  if (!paced) return { batch: 1, window: 1 }
  const window = Math.min(configured.window, paced.window)
  return { batch: Math.min(paced.batch, window), window }
}

/**
 * Claims up to `room` PENDING recipients, a batch of ≤ 50 per shard per round, and enqueues each batch. Only whole
 * batches while the room lasts (a shard's last PENDING ones excepted): a sliver claimed to fill the room would be
 * one more SES call and one more lease for a few recipients.
 */
async function claimBatches(run: RunRecord, room: number, leaseUntil: number, options: DispatchOptions) {
  const batchSize = options.batchSize ?? BATCH_SIZE
  let claimed = 0
  while (room - claimed >= batchSize) {
    let found = false
    const messages: SendBatchMessage[] = []
    for (const shard of SHARDS) {
      if (room - claimed < batchSize) break
      const pending = await queryByStatus(run.orgId, run.campaignId, 'PENDING', shard, {
        limit: batchSize,
      })
      if (pending.length === 0) continue
      const batchId = ulid()
      await putBatch(run.orgId, run.campaignId, {
        batchId,
        shard,
        generation: run.generation,
        contactIds: pending.map((record) => record.contactId),
        leaseUntil,
        ended: false,
      })
      const moved = await applyTransitions(
        run.orgId,
        run.campaignId,
        pending.map((record) => ({
          contactId: record.contactId,
          from: 'PENDING' as const,
          to: 'CLAIMED' as const,
          batchId,
        })),
      )
      if (moved.length === 0) continue
      found = true
      claimed += moved.length
      const message = {
        orgId: run.orgId,
        campaignId: run.campaignId,
        generation: run.generation,
        shard,
        batchId,
      }
      await options.afterClaim?.(message)
      messages.push(message)
    }
    await enqueueSends(messages)
    if (!found) break
  }
  return claimed
}

/** Claims whose lease ran out: each batch is ended once and its recipients settled (PENDING, UNKNOWN or by answer). */
async function takeOverExpired(run: RunRecord, now: number): Promise<void> {
  for (const shard of SHARDS) {
    const claimed = await queryByStatus(run.orgId, run.campaignId, 'CLAIMED', shard, { limit: 500 })
    const batchIds = new Set(
      claimed.map((record) => record.batchId).filter((id): id is string => Boolean(id)),
    )
    for (const batchId of batchIds) {
      const batch = await getBatch(run.orgId, run.campaignId, shard, batchId)
      if (!batch) continue
      if (
        !batch.ended &&
        !(
          batch.leaseUntil < now && (await endBatch(run.orgId, run.campaignId, batch, { expiredBefore: now }))
        )
      )
        continue
      await settleBatch(run.orgId, run.campaignId, batch, settlement(batch))
    }
  }
}

/** UNKNOWN recipients without an SES event since `before` become UNCONFIRMED. */
async function confirmNothing(run: RunRecord, before: number): Promise<void> {
  for (const shard of SHARDS) {
    const unknown = await queryByStatus(run.orgId, run.campaignId, 'UNKNOWN', shard, { limit: 500 })
    const stale = unknown.filter((record) => Date.parse(record.unknownAt ?? record.updatedAt) <= before)
    for (let start = 0; start < stale.length; start += BATCH_SIZE)
      await applyTransitions(
        run.orgId,
        run.campaignId,
        stale.slice(start, start + BATCH_SIZE).map((record) => ({
          contactId: record.contactId,
          from: 'UNKNOWN' as const,
          to: 'UNCONFIRMED' as const,
          set: {
            reason: {
              code: 'ses.unconfirmed',
              message: 'SES may have accepted this message; no event confirmed it.',
            },
          },
        })),
      )
  }
}

/**
 * Removes the campaign-owned SES template of a run that still has it: what a deleted campaign's purge does before
 * it removes the run (a cancel whose dispatch step had not run yet, a finished run kept for a retry of the failed).
 */
export async function removeRunTemplate(orgId: string, campaignId: string): Promise<void> {
  const run = await getRun(orgId, campaignId)
  if (run) await removeTemplate(run)
}

async function removeTemplate(run: RunRecord): Promise<void> {
  if (run.templateDeleted) return
  const connection = await getConnection(run.orgId, run.awsAccountId)
  if (connection) await deleteCampaignTemplate(connection, run.sesTemplateName)
  const latest = await getRun(run.orgId, run.campaignId)
  if (latest) await updateRun(latest, { templateDeleted: true })
}
