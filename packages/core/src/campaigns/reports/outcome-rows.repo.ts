import type { CampaignCsvOutcome, MachineOpenMode } from '@app/contracts'
import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../../aws'
import { itemParser } from '../../db/item'
import { ledgerShardPk } from '../../db/keys'
import { tableName } from '../../db/table'
import { SHARDS } from '../sending/public'
import { RecipientActivitySchema } from './decide'

/** What the downloads read of a recipient's ledger item: its address and what the report wrote on it. */
const OutcomeRecipientSchema = z.object({ contactId: z.string(), email: z.string() }).extend(
  RecipientActivitySchema.pick({
    openedAt: true,
    humanOpenedAt: true,
    machineOpened: true,
    opens: true,
    machineOpens: true,
    clickedAt: true,
    firstLink: true,
    clicks: true,
    bounce: true,
    unsubscribedAt: true,
  }).shape,
)
export type OutcomeRecipient = z.infer<typeof OutcomeRecipientSchema>
const parseRecipient = itemParser(OutcomeRecipientSchema)
const ATTRIBUTES = Object.keys(OutcomeRecipientSchema.shape)

/**
 * Which recipients a download lists (the report's own marks, `decide.ts`): with machine opens left out, the opened
 * file lists those a reader opened (`humanOpenedAt`: a human open or a click), as the report's unique opens count.
 */
function outcomeAttribute(outcome: CampaignCsvOutcome, mode: MachineOpenMode): string {
  if (outcome === 'opened') return mode === 'exclude' ? 'humanOpenedAt' : 'openedAt'
  return { clicked: 'clickedAt', unsubscribed: 'unsubscribedAt', bounced: 'bounce' }[outcome]
}

/** Where a scan stands in each shard: '' not begun, a contact id (read up to it), null finished. */
export const ScanPositionSchema = z.array(z.string().nullable()).length(SHARDS.length)
export type ScanPosition = z.infer<typeof ScanPositionSchema>
export const SCAN_START: ScanPosition = SHARDS.map(() => '')

/**
 * One step of a scan of the ledger for the recipients with an outcome: every unfinished shard partition read
 * in parallel from its position, in contact id order, at most `limit` items in all (DynamoDB's Limit, counted
 * before the filter, so a step may match fewer, even none). Nothing is read twice: each shard goes on from the
 * last item it read. Rows come shard after shard, not in one global order.
 */
export async function scanOutcome(
  orgId: string,
  campaignId: string,
  { outcome, mode }: { outcome: CampaignCsvOutcome; mode: MachineOpenMode },
  position: ScanPosition,
  limit: number,
): Promise<{ recipients: OutcomeRecipient[]; position: ScanPosition | null }> {
  const open = SHARDS.filter((shard) => position[shard] !== null)
  const perShard = Math.max(1, Math.ceil(limit / Math.max(open.length, 1)))
  const next = [...position]
  const read = await Promise.all(
    open.map(async (shard) => {
      const after = position[shard]
      const page = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND #sk BETWEEN :from AND :to',
          FilterExpression: 'attribute_exists(#outcome)',
          ProjectionExpression: ATTRIBUTES.map((_, index) => `#a${index}`).join(', '),
          ExpressionAttributeNames: {
            '#sk': 'SK',
            '#outcome': outcomeAttribute(outcome, mode),
            ...Object.fromEntries(ATTRIBUTES.map((name, index) => [`#a${index}`, name])),
          },
          ExpressionAttributeValues: {
            ':pk': ledgerShardPk(orgId, campaignId, shard),
            ':from': after ? `R#${after}\u0000` : 'R#',
            ':to': 'R#\uffff',
          },
          Limit: perShard,
        }),
      )
      next[shard] = page.LastEvaluatedKey ? String(page.LastEvaluatedKey.SK).slice('R#'.length) : null
      return (page.Items ?? []).map(parseRecipient)
    }),
  )
  return { recipients: read.flat(), position: next.every((shard) => shard === null) ? null : next }
}
