import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import {
  BLOCK_PREFIX,
  blockListIndexes,
  organizationPartition,
  TEMPLATE_PREFIX,
  templateListIndexes,
} from '../db/keys'
import { type Item, keyOf, queryAll, tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'

export interface ListIndexesWritten {
  /** Template heads and blocks whose list index attributes were written (missing or stale). */
  indexed: number
}

const same = (item: Item, attributes: Record<string, string>) =>
  Object.entries(attributes).every(([name, value]) => item[name] === value)

/**
 * Template heads and blocks written before lists paged in the database lack the attributes of the list indexes
 * (db/keys.ts, access patterns 16 and 25): set them from the item's own name and updatedAt. Only items whose
 * attributes are missing or differ are written, each conditioned on the name and updatedAt it was computed from,
 * so a save racing with the migration wins (it writes the attributes itself).
 */
export async function writeListIndexes(orgId: string): Promise<ListIndexesWritten> {
  const partition = organizationPartition(orgId)
  const items = (prefix: string) =>
    queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
      ConsistentRead: true,
    })
  const [heads, blocks] = await Promise.all([items(TEMPLATE_PREFIX), items(BLOCK_PREFIX)])
  const pending = [
    ...heads.map((item) => ({ item, attributes: templateListIndexes(orgId, headFields(item)) })),
    ...blocks.map((item) => ({ item, attributes: blockListIndexes(orgId, blockFields(item)) })),
  ].filter(({ item, attributes }) => !same(item, attributes))
  let indexed = 0
  for (const { item, attributes } of pending) {
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
            ...Object.fromEntries(
              names.map((name, index) => [`:a${index}`, attributes[name as keyof typeof attributes]]),
            ),
            ':name': item.name,
            ':updatedAt': item.updatedAt,
          },
        }),
      )
      indexed++
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error
    }
  }
  return { indexed }
}

const headFields = (item: Item) => ({
  id: String(item.id),
  name: String(item.name),
  updatedAt: String(item.updatedAt),
})
const blockFields = (item: Item) => ({ id: String(item.id), name: String(item.name) })
