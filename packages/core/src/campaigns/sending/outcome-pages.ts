import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../../aws'
import { ledgerShardPk } from '../../db/keys'
import { tableName } from '../../db/table'

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
