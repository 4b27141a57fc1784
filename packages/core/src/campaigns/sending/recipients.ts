import type { Page, RecipientOutcome } from '@app/contracts'
import * as z from 'zod'
import { cursorPosition, encodeCursor } from '../../db/cursor'
import { itemParser } from '../../db/item'
import { ledgerPartition } from '../../db/keys'
import { queryShards } from '../../db/shards'
import { queryByStatus, type RecipientRecord, RecipientSchema, SHARDS } from './ledger.repo'
import { filteredShardPage } from './ledger-filters.repo'
import type { RecipientRow, RecipientStatus } from './model'

const PositionSchema = z.object({ after: z.string().min(1) }).strict()
const parseRecipient = itemParser(RecipientSchema)

export interface RecipientQuery {
  status?: RecipientStatus | undefined
  outcome?: RecipientOutcome | undefined
  /** An email prefix (addresses are stored lower-case). */
  q?: string | undefined
  cursor?: string | undefined
  limit?: number | undefined
}

function toRow(record: RecipientRecord): RecipientRow {
  return {
    contactId: record.contactId,
    email: record.email,
    status: record.status,
    messageId: record.messageId ?? null,
    reason: record.reason ?? null,
    attempts: record.attempts,
    retried: record.retried,
    deliveredAt: record.deliveredAt ?? null,
    openedAt: record.openedAt ?? null,
    clickedAt: record.clickedAt ?? null,
    bounce: record.bounce ?? null,
    complainedAt: record.complainedAt ?? null,
    unsubscribedAt: record.unsubscribedAt ?? null,
    updatedAt: record.updatedAt,
  }
}

/** Items a filtered page reads per shard at most (so one call stays bounded however rare the matches). */
const SCAN_BUDGET = 500
const compareIds = (a: RecipientRecord, b: RecipientRecord) =>
  a.contactId < b.contactId ? -1 : a.contactId > b.contactId ? 1 : 0

/**
 * A filtered page (outcome, `q`, status): each shard read from the position up to SCAN_BUDGET items with the
 * filter, in parallel. Every shard is complete up to the smallest contact id where one stopped, so the page is
 * the matches up to there (a page may be short, even empty, with a cursor: the rest was not read yet).
 */
async function filteredPage(
  orgId: string,
  campaignId: string,
  query: RecipientQuery,
  after: string | undefined,
  limit: number,
) {
  const perShard = await Promise.all(
    SHARDS.map((shard) => filteredShardPage(orgId, campaignId, shard, query, after, SCAN_BUDGET)),
  )
  const stops = perShard.flatMap((shard) => (shard.stop === undefined ? [] : [shard.stop]))
  const boundary = stops.length ? stops.reduce((a, b) => (a < b ? a : b)) : undefined
  const matches = perShard
    .flatMap((shard) => shard.records)
    .filter((record) => boundary === undefined || record.contactId <= boundary)
    .sort(compareIds)
  const page = matches.slice(0, limit)
  const next = matches.length > limit ? page.at(-1)?.contactId : boundary
  return { page, next }
}

/**
 * The per-recipient table, by contact id: every recipient (the 16 shard partitions scatter-gathered), those in
 * one status (its sparse index, the same way), or those with an outcome or an email prefix (a bounded filtered
 * read of every shard). Pages in the database; the signed cursor holds the last contact id and is bound to the
 * campaign and the filters.
 */
export async function listRecipients(
  orgId: string,
  campaignId: string,
  query: RecipientQuery = {},
): Promise<Page<RecipientRow>> {
  const limit = query.limit ?? 50
  const cursorQuery = {
    list: 'campaign-recipients',
    scope: `${orgId}/${campaignId}`,
    filters: { status: query.status, outcome: query.outcome, q: query.q },
  }
  const after = cursorPosition(cursorQuery, query.cursor, PositionSchema)?.after
  const indexed = query.outcome === 'failed' ? 'FAILED' : query.outcome === 'skipped' ? 'SKIPPED' : undefined
  const status = indexed && (!query.status || query.status === indexed) ? indexed : query.status
  if ((query.outcome && !indexed) || query.q || (indexed && query.status && query.status !== indexed)) {
    const { page, next } = await filteredPage(orgId, campaignId, query, after, limit)
    return {
      items: page.map(toRow),
      nextCursor: next ? encodeCursor(cursorQuery, { after: next }) : null,
    }
  }
  let records: RecipientRecord[]
  if (status) {
    const perShard = await Promise.all(
      SHARDS.map((shard) =>
        queryByStatus(orgId, campaignId, status, shard, { limit: limit + 1, ...(after ? { after } : {}) }),
      ),
    )
    records = perShard.flat().sort(compareIds)
  } else {
    const items = await queryShards(ledgerPartition(orgId, campaignId), {
      sk: after ? { between: [`R#${after}\u0000`, 'R#\uffff'] } : { beginsWith: 'R#' },
      limit: limit + 1,
    })
    records = items.map(parseRecipient)
  }
  const page = records.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map(toRow),
    nextCursor: records.length > limit && last ? encodeCursor(cursorQuery, { after: last.contactId }) : null,
  }
}
