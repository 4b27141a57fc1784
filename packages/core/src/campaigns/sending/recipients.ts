import type { Page } from '@app/contracts'
import * as z from 'zod'
import { cursorPosition, encodeCursor } from '../../db/cursor'
import { itemParser } from '../../db/item'
import { ledgerPartition } from '../../db/keys'
import { queryShards } from '../../db/shards'
import { queryByStatus, type RecipientRecord, RecipientSchema, SHARDS } from './ledger.repo'
import type { RecipientRow, RecipientStatus } from './model'

const PositionSchema = z.object({ after: z.string().min(1) }).strict()

export interface RecipientQuery {
  status?: RecipientStatus | undefined
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
    updatedAt: record.updatedAt,
  }
}

/**
 * The per-recipient table, by contact id: every recipient (the 16 shard partitions scatter-gathered) or those in
 * one status (its sparse index, the same way). Pages in the database; the signed cursor holds the last contact id
 * and is bound to the campaign and the status filter.
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
    filters: { status: query.status },
  }
  const after = cursorPosition(cursorQuery, query.cursor, PositionSchema)?.after
  let records: RecipientRecord[]
  if (query.status) {
    const status = query.status
    const perShard = await Promise.all(
      SHARDS.map((shard) =>
        queryByStatus(orgId, campaignId, status, shard, { limit: limit + 1, ...(after ? { after } : {}) }),
      ),
    )
    records = perShard
      .flat()
      .sort((a, b) => (a.contactId < b.contactId ? -1 : a.contactId > b.contactId ? 1 : 0))
  } else {
    const items = await queryShards(ledgerPartition(orgId, campaignId), {
      sk: after ? { between: [`R#${after}\u0000`, 'R#\uffff'] } : { beginsWith: 'R#' },
      limit: limit + 1,
    })
    records = items.map(itemParser(RecipientSchema))
  }
  const page = records.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map(toRow),
    nextCursor: records.length > limit && last ? encodeCursor(cursorQuery, { after: last.contactId }) : null,
  }
}
