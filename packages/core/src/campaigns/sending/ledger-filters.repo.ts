import type { RecipientOutcome } from '@app/contracts'
import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../../aws'
import { itemParser } from '../../db/item'
import { ledgerShardPk } from '../../db/keys'
import { tableName } from '../../db/table'
import { type RecipientRecord, RecipientSchema } from './ledger.repo'
import type { RecipientStatus } from './model'

/*
 * Reads of a ledger shard with a filter expression: the per-recipient table's filters, and the outcomes a report's
 * audience action walks. Both page by contact id (`R#<contactId>` sort keys) within a read budget.
 */

/**
 * The outcomes a report's audience action walks, as filters on the recipient's ledger item (the report writes
 * these attributes: campaigns/reports/decide.ts). `opened` is a reader's open (`humanOpenedAt`: machine opens
 * such as Apple Mail Privacy Protection's do not count, as in the report's default; a click sets it too).
 */
const ACTION_FILTERS = {
  bounced: 'attribute_exists(bounce)',
  opened: 'attribute_exists(humanOpenedAt)',
  clicked: 'attribute_exists(clickedAt)',
  unsubscribed: 'attribute_exists(unsubscribedAt)',
} as const
export type ActionOutcome = keyof typeof ACTION_FILTERS

export interface OutcomePage {
  contactIds: string[]
  /** The last contact id read (matching or not): the next page starts after it; undefined at the shard's end. */
  next: string | undefined
}

/**
 * One page of a ledger shard's recipients with an outcome, by contact id after `after`: reads at most `budget`
 * items (the page may hold fewer matches, even none, with a `next`).
 */
export async function outcomePage(
  orgId: string,
  campaignId: string,
  shard: number,
  outcome: ActionOutcome,
  after: string | undefined,
  budget: number,
): Promise<OutcomePage> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND #sk BETWEEN :from AND :to',
      FilterExpression: ACTION_FILTERS[outcome],
      ExpressionAttributeNames: { '#sk': 'SK' },
      ExpressionAttributeValues: {
        ':pk': ledgerShardPk(orgId, campaignId, shard),
        ':from': after ? `R#${after}\u0000` : 'R#',
        ':to': 'R#\uffff',
      },
      ProjectionExpression: 'contactId',
      Limit: budget,
      ConsistentRead: true,
    }),
  )
  return {
    contactIds: (page.Items ?? []).map((item) => String(item.contactId)),
    next: page.LastEvaluatedKey ? String(page.LastEvaluatedKey.SK).slice('R#'.length) : undefined,
  }
}

/** Each outcome as a filter on the recipient's item (`delivered`: delivered and not hard-bounced). */
const OUTCOME_FILTERS: Record<RecipientOutcome, string> = {
  delivered: 'attribute_exists(deliveredAt) AND attribute_not_exists(hardBouncedAt)',
  opened: 'attribute_exists(openedAt)',
  clicked: 'attribute_exists(clickedAt)',
  bounced: 'attribute_exists(bounce)',
  complained: 'attribute_exists(complainedAt)',
  unsubscribed: 'attribute_exists(unsubscribedAt)',
  failed: '#status = :failed',
  skipped: '#status = :skipped',
}

export interface LedgerFilter {
  status?: RecipientStatus | undefined
  outcome?: RecipientOutcome | undefined
  /** An email prefix (addresses are stored lower-case). */
  q?: string | undefined
}

const parseRecipient = itemParser(RecipientSchema)

/**
 * One shard's recipients matching the filter, by contact id after `after`, reading at most `budget` items;
 * `stop` is the last contact id read when the shard has more (every match up to it is in `records`).
 */
export async function filteredShardPage(
  orgId: string,
  campaignId: string,
  shard: number,
  filter: LedgerFilter,
  after: string | undefined,
  budget: number,
): Promise<{ records: RecipientRecord[]; stop: string | undefined }> {
  const filters: string[] = []
  const names: Record<string, string> = { '#sk': 'SK' }
  const values: Record<string, unknown> = { ':from': after ? `R#${after}\u0000` : 'R#', ':to': 'R#\uffff' }
  if (filter.outcome) filters.push(OUTCOME_FILTERS[filter.outcome])
  if (filter.outcome === 'failed' || filter.outcome === 'skipped' || filter.status)
    names['#status'] = 'status'
  if (filter.outcome === 'failed') values[':failed'] = 'FAILED'
  if (filter.outcome === 'skipped') values[':skipped'] = 'SKIPPED'
  if (filter.status) {
    filters.push('#status = :status')
    values[':status'] = filter.status
  }
  if (filter.q) {
    filters.push('begins_with(email, :q)')
    values[':q'] = filter.q.toLowerCase()
  }
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND #sk BETWEEN :from AND :to',
      FilterExpression: filters.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':pk': ledgerShardPk(orgId, campaignId, shard) },
      Limit: budget,
    }),
  )
  const stop = page.LastEvaluatedKey ? String(page.LastEvaluatedKey.SK).slice('R#'.length) : undefined
  return { records: (page.Items ?? []).map(parseRecipient), stop }
}
