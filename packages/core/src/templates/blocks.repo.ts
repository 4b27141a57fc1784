import type { TemplateAuthor, TemplateEditorType } from '@app/contracts'
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import {
  BLOCK_PREFIX,
  BLOCK_USE_PREFIX,
  blockKey,
  blockNameKey,
  blockUseKey,
  blockUsePrefix,
  organizationPartition,
} from '../db/keys'
import { type Item, queryAll, tableName } from '../db/table'
import type { TransactItem } from '../organizations/template-actions'

export interface BlockRecord {
  id: string
  orgId: string
  name: string
  editorType: TemplateEditorType
  source: string
  version: number
  createdAt: string
  updatedAt: string
  updatedBy: TemplateAuthor
  /** Set while a delete checks for uses: templates cannot start using it meanwhile. */
  deleting?: boolean
}

const toBlock = (item: Item) => {
  const { PK: _pk, SK: _sk, entity: _entity, ...rest } = item
  return rest as unknown as BlockRecord
}

export async function getBlock(orgId: string, id: string): Promise<BlockRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: blockKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? toBlock(Item) : undefined
}

/** Blocks by id (any number), consistent; missing ones are absent from the map. */
export async function getBlocks(orgId: string, ids: string[]): Promise<Map<string, BlockRecord>> {
  const found = new Map<string, BlockRecord>()
  for (let start = 0; start < ids.length; start += 100) {
    let keys: Record<string, unknown>[] = ids.slice(start, start + 100).map((id) => blockKey(orgId, id))
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB kept leaving reads unprocessed')
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt))
      const result = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } } }),
      )
      for (const item of result.Responses?.[tableName()] ?? []) found.set(item.id as string, toBlock(item))
      keys = result.UnprocessedKeys?.[tableName()]?.Keys ?? []
    }
  }
  return found
}

export async function listBlocks(orgId: string): Promise<BlockRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': BLOCK_PREFIX },
    ConsistentRead: true,
  })
  return items.map(toBlock)
}

/** The ids of the templates using a block (their current version references it). */
export async function listUses(orgId: string, blockId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': blockUsePrefix(blockId) },
    ProjectionExpression: 'templateId',
    ConsistentRead: true,
  })
  return items.map((item) => item.templateId as string)
}

/** How many templates use each block of the organization. */
export async function countUses(orgId: string): Promise<Map<string, number>> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': BLOCK_USE_PREFIX },
    ProjectionExpression: 'blockId',
    ConsistentRead: true,
  })
  const counts = new Map<string, number>()
  for (const item of items) {
    const id = item.blockId as string
    counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  return counts
}

// Writes (parts of a caller's transaction)

export function putBlock(block: BlockRecord, expectedVersion: number | null): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...blockKey(block.orgId, block.id), entity: 'Block', ...block },
      ...(expectedVersion === null
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : {
            ConditionExpression: 'version = :expected AND attribute_not_exists(deleting)',
            ExpressionAttributeValues: { ':expected': expectedVersion },
          }),
    },
  }
}

export function deleteBlock(block: BlockRecord): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: blockKey(block.orgId, block.id),
      ConditionExpression: 'attribute_exists(PK)',
    },
  }
}

export function claimName(orgId: string, name: string, id: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...blockNameKey(orgId, name), entity: 'BlockName', blockId: id },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }
}

export function releaseName(orgId: string, name: string, id: string): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: blockNameKey(orgId, name),
      ConditionExpression: 'blockId = :id',
      ExpressionAttributeValues: { ':id': id },
    },
  }
}

/** A template starts using a block: the use item, and a check that the block is there and not being deleted. */
export function addUse(orgId: string, blockId: string, templateId: string): TransactItem[] {
  return [
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: blockKey(orgId, blockId),
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleting)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...blockUseKey(orgId, blockId, templateId), entity: 'BlockUse', blockId, templateId },
      },
    },
  ]
}

export function removeUse(orgId: string, blockId: string, templateId: string): TransactItem {
  return { Delete: { TableName: tableName(), Key: blockUseKey(orgId, blockId, templateId) } }
}

/** Marks a block as being deleted (false when it is gone); `unmark` undoes it when the delete is refused. */
export async function markDeleting(orgId: string, id: string, deleting: boolean): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: blockKey(orgId, id),
        UpdateExpression: deleting ? 'SET deleting = :yes' : 'REMOVE deleting',
        ConditionExpression: 'attribute_exists(PK)',
        ...(deleting ? { ExpressionAttributeValues: { ':yes': true } } : {}),
      }),
    )
    return true
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false
    throw error
  }
}
