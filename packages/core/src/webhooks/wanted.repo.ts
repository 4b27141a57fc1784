import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { webhookWantsKey } from '../db/keys'
import { tableName } from '../db/table'
import type { NamedItem } from '../db/transact'

/** W8: the event types an organization's enabled endpoints want (kept apart so its readers bundle nothing else). */

const WANTS_ATTRIBUTE = 'ep_'

/**
 * W8, in the transaction of the endpoint's own write: an enabled endpoint files the types it wants under its own
 * attribute, a disabled or deleted one takes them out. One attribute per endpoint, so concurrent changes of two
 * endpoints never overwrite each other's entry.
 */
export function wantsItem(record: { orgId: string; endpointId: string }, types: string[] | null): NamedItem {
  const base = {
    TableName: tableName(),
    Key: webhookWantsKey(record.orgId),
    ExpressionAttributeNames: { '#endpoint': `${WANTS_ATTRIBUTE}${record.endpointId}` },
  }
  return types?.length
    ? {
        name: 'webhookWants',
        Update: {
          ...base,
          UpdateExpression: 'SET #endpoint = :types, entity = :entity',
          ExpressionAttributeValues: { ':types': types, ':entity': 'WebhookWants' },
        },
      }
    : {
        name: 'webhookWants',
        Update: {
          ...base,
          UpdateExpression: 'REMOVE #endpoint SET entity = :entity',
          ExpressionAttributeValues: { ':entity': 'WebhookWants' },
        },
      }
}

/** W8: the event types the organization's enabled endpoints want (none: no record, or no enabled endpoint). */
export async function getWantedTypes(orgId: string): Promise<Set<string>> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: webhookWantsKey(orgId), ConsistentRead: true }),
  )
  const types = new Set<string>()
  for (const [name, value] of Object.entries(Item ?? {}))
    if (name.startsWith(WANTS_ATTRIBUTE) && Array.isArray(value))
      for (const type of value) if (typeof type === 'string') types.add(type)
  return types
}
