import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../../aws'
import { batchGet, batchWrite, deleteAll } from '../../db/batch'
import { itemParser } from '../../db/item'
import {
  LEDGER_SHARDS,
  ledgerCounterKey,
  ledgerShardPk,
  recipientKey,
  recipientStatusIndexPk,
} from '../../db/keys'
import { queryIndex, queryPartition } from '../../db/query'
import { GSI1, tableName } from '../../db/table'
import { type NamedItem, TransactionFailed, transact } from '../../db/transact'
import { RECIPIENT_STATUSES, type RecipientStatus, type SendingCounts } from './model'

/**
 * The per-recipient ledger (design: README.md): one item per campaign × contact in 16 shard partitions, each
 * shard with its own COUNT item, and a sparse status index. Every transition is a conditional write committed
 * with its shard's counter.
 */

/** FNV-1a of the contact id: the shard its ledger item (and its counter) lives in. */
export function shardOf(contactId: string): number {
  let h = 0x811c9dc5
  for (let index = 0; index < contactId.length; index++) {
    h ^= contactId.charCodeAt(index)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) % LEDGER_SHARDS
}

export const SHARDS = Array.from({ length: LEDGER_SHARDS }, (_, shard) => shard)

const ReasonSchema = z.object({ code: z.string(), message: z.string() })
export const RecipientSchema = z.object({
  contactId: z.string(),
  email: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  batchId: z.string().optional(),
  messageId: z.string().optional(),
  reason: ReasonSchema.optional(),
  attempts: z.number().int().default(0),
  retried: z.boolean().default(false),
  unknownAt: z.string().optional(),
  updatedAt: z.string(),
  // What the report wrote (campaigns/reports/decide.ts).
  deliveredAt: z.string().optional(),
  openedAt: z.string().optional(),
  clickedAt: z.string().optional(),
  bounce: z.object({ type: z.string(), subType: z.string(), at: z.string() }).optional(),
  complainedAt: z.string().optional(),
  unsubscribedAt: z.string().optional(),
})
export type RecipientRecord = z.infer<typeof RecipientSchema>
const parseRecipient = itemParser(RecipientSchema)

const counterField = (status: RecipientStatus) => status.toLowerCase() as keyof SendingCounts

export function recipientItem(
  orgId: string,
  campaignId: string,
  contact: { id: string; email: string },
  now: string,
) {
  const shard = shardOf(contact.id)
  return {
    ...recipientKey(orgId, campaignId, shard, contact.id),
    entity: 'CampaignRecipient',
    GSI1PK: recipientStatusIndexPk(orgId, campaignId, 'PENDING', shard),
    GSI1SK: contact.id,
    contactId: contact.id,
    email: contact.email,
    status: 'PENDING',
    attempts: 0,
    updatedAt: now,
  }
}

/** C2: PENDING items for these contacts (a repeat put writes the same item: only before any claim). */
export async function putPending(
  orgId: string,
  campaignId: string,
  contacts: { id: string; email: string }[],
  now: string,
): Promise<void> {
  await batchWrite(
    contacts.map((contact) => ({ put: recipientItem(orgId, campaignId, contact, now) })),
    { concurrency: 4 },
  )
}

/** How many recipients a shard holds (a consistent COUNT query: the materialised total). */
export async function countShard(orgId: string, campaignId: string, shard: number): Promise<number> {
  let total = 0
  let startKey: Record<string, unknown> | undefined
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :r)',
        ExpressionAttributeValues: { ':pk': ledgerShardPk(orgId, campaignId, shard), ':r': 'R#' },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    )
    total += page.Count ?? 0
    startKey = page.LastEvaluatedKey
  } while (startKey)
  return total
}

/** The transaction item setting a shard's counter (the start of sending: every recipient PENDING). */
export function initCounterItem(orgId: string, campaignId: string, shard: number, total: number): NamedItem {
  return {
    name: `ledger.count.${shard}`,
    Put: {
      TableName: tableName(),
      Item: {
        ...ledgerCounterKey(orgId, campaignId, shard),
        entity: 'CampaignLedgerCount',
        total,
        pending: total,
        claimed: 0,
        sent: 0,
        failed: 0,
        skipped: 0,
        unknown: 0,
        unconfirmed: 0,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }
}

const CountSchema = z.object({
  total: z.number(),
  pending: z.number(),
  claimed: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
  unknown: z.number(),
  unconfirmed: z.number(),
})

/** C6: the campaign's counts (the shards' counters summed; zeros before the ledger is complete). */
export async function readCounts(orgId: string, campaignId: string): Promise<SendingCounts> {
  const items = await batchGet(
    SHARDS.map((shard) => ledgerCounterKey(orgId, campaignId, shard)),
    { consistent: true },
  )
  const sum: SendingCounts = {
    total: 0,
    pending: 0,
    claimed: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
    unknown: 0,
    unconfirmed: 0,
  }
  for (const item of items) {
    if (!item) continue
    const counts = CountSchema.parse(item)
    for (const field of Object.keys(sum) as (keyof SendingCounts)[]) sum[field] += counts[field]
  }
  return sum
}

/** C3: recipients by contact id, consistent (undefined where none). */
export async function getRecipients(
  orgId: string,
  campaignId: string,
  contactIds: string[],
): Promise<(RecipientRecord | undefined)[]> {
  const items = await batchGet(
    contactIds.map((id) => recipientKey(orgId, campaignId, shardOf(id), id)),
    { consistent: true },
  )
  return items.map((item) => (item ? parseRecipient(item) : undefined))
}

/** C4: one shard's recipients in a status, by contact id after `after` (the index is eventually consistent). */
export async function queryByStatus(
  orgId: string,
  campaignId: string,
  status: RecipientStatus,
  shard: number,
  options: { after?: string; limit: number },
): Promise<RecipientRecord[]> {
  const result = await queryIndex(GSI1, recipientStatusIndexPk(orgId, campaignId, status, shard), {
    limit: options.limit,
    ...(options.after ? { sk: { after: options.after } } : {}),
  })
  return result.items.map(parseRecipient)
}

/** One recipient's move: from exactly `from` (and, when given, claimed by `batchId`) to `to`. */
export interface Transition {
  contactId: string
  from: RecipientStatus
  to: RecipientStatus
  /** The batch that must hold the claim (CLAIMED → …); a claim sets it on the item. */
  batchId?: string
  /** Sets or clears (null) these attributes too. */
  set?: Record<string, unknown>
}

function transitionItem(orgId: string, campaignId: string, t: Transition, now: string): NamedItem {
  const shard = shardOf(t.contactId)
  const values: Record<string, unknown> = {
    ':from': t.from,
    ':to': t.to,
    ':gsi': recipientStatusIndexPk(orgId, campaignId, t.to, shard),
    ':now': now,
  }
  const sets = ['#status = :to', 'GSI1PK = :gsi', 'updatedAt = :now']
  const removes: string[] = []
  const names: Record<string, string> = { '#status': 'status' }
  let condition = '#status = :from'
  if (t.batchId && t.from === 'CLAIMED') condition += ' AND batchId = :batch'
  if (t.batchId) values[':batch'] = t.batchId
  if (t.batchId && t.to === 'CLAIMED') sets.push('batchId = :batch')
  Object.entries(t.set ?? {}).forEach(([name, value], index) => {
    names[`#s${index}`] = name
    if (value === null) removes.push(`#s${index}`)
    else {
      values[`:s${index}`] = value
      sets.push(`#s${index} = :s${index}`)
    }
  })
  return {
    name: `recipient.${t.contactId}`,
    Update: {
      TableName: tableName(),
      Key: recipientKey(orgId, campaignId, shard, t.contactId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  }
}

function counterItem(
  orgId: string,
  campaignId: string,
  shard: number,
  moves: Transition[],
): NamedItem | null {
  const delta = new Map<string, number>()
  for (const move of moves) {
    delta.set(counterField(move.from), (delta.get(counterField(move.from)) ?? 0) - 1)
    delta.set(counterField(move.to), (delta.get(counterField(move.to)) ?? 0) + 1)
  }
  const changed = [...delta].filter(([, value]) => value !== 0)
  if (changed.length === 0) return null
  return {
    name: `ledger.count.${shard}`,
    Update: {
      TableName: tableName(),
      Key: ledgerCounterKey(orgId, campaignId, shard),
      UpdateExpression: `ADD ${changed.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(changed.map(([field], index) => [`#c${index}`, field])),
      ExpressionAttributeValues: Object.fromEntries(changed.map(([, value], index) => [`:c${index}`, value])),
    },
  }
}

/**
 * C5: applies transitions of ONE shard's recipients (≤ 50) with their counter change in one transaction, with
 * `extra` items (a batch's mark, an outbox event) that must commit with them. A recipient whose condition
 * fails (another worker moved it) is left out and the rest tried again; a failing extra item throws. Answers
 * the contact ids that moved.
 */
export async function applyTransitions(
  orgId: string,
  campaignId: string,
  transitions: Transition[],
  extra: NamedItem[] = [],
  now = new Date().toISOString(),
): Promise<string[]> {
  let remaining = transitions
  for (;;) {
    const byShard = new Map<number, Transition[]>()
    for (const t of remaining)
      byShard.set(shardOf(t.contactId), [...(byShard.get(shardOf(t.contactId)) ?? []), t])
    if (byShard.size > 1) throw new Error('A ledger transaction covers one shard')
    const [shard, moves] = [...byShard][0] ?? [0, []]
    const counter = counterItem(orgId, campaignId, shard, moves)
    const items = [
      ...moves.map((t) => transitionItem(orgId, campaignId, t, now)),
      ...(counter ? [counter] : []),
      ...extra,
    ]
    if (items.length === 0) return []
    try {
      await transact(items, { conflictRetries: 5 })
      return moves.map((t) => t.contactId)
    } catch (error) {
      if (!(error instanceof TransactionFailed)) throw error
      const lost = new Set(
        error.failures
          .filter(
            (failure) => failure.code === 'ConditionalCheckFailed' && failure.name.startsWith('recipient.'),
          )
          .map((failure) => failure.name.slice('recipient.'.length)),
      )
      if (lost.size === 0) throw error
      remaining = moves.filter((t) => !lost.has(t.contactId))
      if (remaining.length === 0 && extra.length === 0) return []
    }
  }
}

/** CL7: removes a campaign's whole ledger (recipients, counters, batches), a page of each shard at a time. */
export async function deleteLedger(orgId: string, campaignId: string): Promise<void> {
  await Promise.all(
    SHARDS.map(async (shard) => {
      for (;;) {
        const page = await queryPartition(ledgerShardPk(orgId, campaignId, shard), {
          limit: 1000,
          attributes: ['PK', 'SK'],
        })
        if (page.items.length === 0) return
        await deleteAll(page.items.map((item) => ({ PK: String(item.PK), SK: String(item.SK) })))
      }
    }),
  )
}

/**
 * Removes up to `budget` items of a campaign's ledger (recipients, counters, batches), shard by shard. Answers
 * how many it removed and whether the ledger is now empty.
 */
export async function deleteLedgerSlice(
  orgId: string,
  campaignId: string,
  budget: number,
): Promise<{ removed: number; done: boolean }> {
  let removed = 0
  for (const shard of SHARDS) {
    for (;;) {
      if (removed >= budget) return { removed, done: false }
      const page = await queryPartition(ledgerShardPk(orgId, campaignId, shard), {
        limit: Math.min(1000, budget - removed),
        attributes: ['PK', 'SK'],
      })
      if (page.items.length === 0) break
      await deleteAll(page.items.map((item) => ({ PK: String(item.PK), SK: String(item.SK) })))
      removed += page.items.length
    }
  }
  return { removed, done: true }
}
