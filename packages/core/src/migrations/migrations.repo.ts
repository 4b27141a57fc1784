import { DeleteCommand, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { migrationKey, organizationKey, organizationPartition, PROFILE } from '../db/keys'
import { type Item, keyOf, nowIso, queryAll, tableName } from '../db/table'
import { TransactionFailed, transact } from '../db/transact'
import { isConditionalCheckFailure } from '../errors'

/*
 * A migration reads and rewrites other domains' items as they were stored, so its storage calls take and give
 * raw items: they live here, and the migration steps decide what to write.
 */

/** Whether the organization's marker of migration `name` exists (consistent). */
export async function hasMarker(orgId: string, name: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: migrationKey(orgId, name), ConsistentRead: true }),
  )
  return Item !== undefined
}

/** Writes the marker of migration `name` with what it did, unless the organization is gone (being deleted). */
export async function writeMarker(
  orgId: string,
  name: string,
  report: Record<string, unknown>,
): Promise<void> {
  try {
    await transact([
      {
        name: 'migration.marker',
        Put: {
          TableName: tableName(),
          Item: { ...migrationKey(orgId, name), entity: 'Migration', name, at: nowIso(), ...report },
        },
      },
      // No marker in the partition of an organization being deleted.
      {
        name: 'organization',
        ConditionCheck: {
          TableName: tableName(),
          Key: organizationKey(orgId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    ])
  } catch (error) {
    if (!(error instanceof TransactionFailed && error.conditionFailed('organization'))) throw error
  }
}

/** One page of a scan for every organization's id (its profile item); `next` continues it. */
export async function organizationIdsPage(
  startKey: Record<string, unknown> | undefined,
): Promise<{ ids: string[]; next: Record<string, unknown> | undefined }> {
  const page = await dynamo().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: 'SK = :profile AND begins_with(PK, :org)',
      ExpressionAttributeValues: { ':profile': PROFILE, ':org': 'ORG#' },
      ProjectionExpression: 'PK',
      ExclusiveStartKey: startKey,
    }),
  )
  return {
    ids: (page.Items ?? []).map((item) => String(item.PK).slice('ORG#'.length)),
    next: page.LastEvaluatedKey,
  }
}

/** Every item of the organization's partition whose sort key begins with `prefix` (consistent). */
export function organizationItems(orgId: string, prefix: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': prefix },
    ConsistentRead: true,
  })
}

/**
 * Sets `attributes` on the item, conditioned on the name and updatedAt it was read with; false when a write
 * changed them since (that write set the attributes itself).
 */
export async function setAttributesIfUnchanged(
  item: Item,
  attributes: Record<string, unknown>,
): Promise<boolean> {
  const names = Object.keys(attributes)
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(item),
        UpdateExpression: `SET ${names.map((_name, index) => `#a${index} = :a${index}`).join(', ')}`,
        ConditionExpression: '#name = :name AND #updatedAt = :updatedAt',
        ExpressionAttributeNames: {
          ...Object.fromEntries(names.map((name, index) => [`#a${index}`, name])),
          '#name': 'name',
          '#updatedAt': 'updatedAt',
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((name, index) => [`:a${index}`, attributes[name]])),
          ':name': item.name,
          ':updatedAt': item.updatedAt,
        },
      }),
    )
    return true
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
    return false
  }
}

/** Puts a publication record (keys included) unless one of that key was published later. */
export async function putPublicationUnlessNewer(item: Item): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: 'attribute_not_exists(PK) OR publishedAt < :at',
        ExpressionAttributeValues: { ':at': item.publishedAt },
      }),
    )
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
  }
}

export async function deleteItem(item: Item): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(item) }))
}
