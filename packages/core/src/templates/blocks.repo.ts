import { type Principal, type TemplateEditorType, TemplateEditorTypeSchema } from '@app/contracts'
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchGet } from '../db/batch'
import { itemParser } from '../db/item'
import {
  blockKey,
  blockListIndexes,
  blockListPartition,
  blockNameKey,
  blockUseKey,
  blockUsePrefix,
  organizationPartition,
} from '../db/keys'
import { principalItem } from '../db/principal'
import { GSI1, type Item, queryAll, tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'
import type { TransactItem } from '../organizations/public'

export interface BlockRecord {
  id: string
  orgId: string
  name: string
  editorType: TemplateEditorType
  source: string
  version: number
  createdAt: string
  updatedAt: string
  updatedBy: Principal
  /** Set while a delete checks for uses: templates cannot start using it meanwhile. */
  deleting?: boolean
}

const BlockItem = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  editorType: TemplateEditorTypeSchema,
  source: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: principalItem,
  deleting: z.boolean().optional(),
}) satisfies z.ZodType<BlockRecord>

const toBlock = itemParser(BlockItem)
const templateIdOf = itemParser(z.object({ templateId: z.string() }))

/** The name of the check, in a template's transaction, that a block it starts using exists. */
export const blockAvailableName = (blockId: string) => `block.available:${blockId}`

/** Where a block sits in the list index (what a cursor holds). */
export const blockPosition = (block: BlockRecord) => ({
  key: blockListIndexes(block.orgId, block).GSI1SK,
  id: block.id,
})

/**
 * One page of blocks by name (without their source), read in index order from the cursor's position; blocks
 * being deleted and other editor types are filtered out by the query, which reads on until the page is full.
 */
export async function pageBlocks(query: {
  orgId: string
  editorType?: TemplateEditorType
  limit: number
  after?: { key: string; id: string }
}): Promise<{ blocks: BlockRecord[]; more: boolean }> {
  let ExclusiveStartKey: Record<string, unknown> | undefined = query.after && {
    ...blockKey(query.orgId, query.after.id),
    GSI1PK: blockListPartition(query.orgId),
    GSI1SK: query.after.key,
  }
  const blocks: BlockRecord[] = []
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: GSI1,
        KeyConditionExpression: 'GSI1PK = :pk',
        FilterExpression: query.editorType
          ? 'attribute_not_exists(deleting) AND editorType = :type'
          : 'attribute_not_exists(deleting)',
        ExpressionAttributeValues: {
          ':pk': blockListPartition(query.orgId),
          ...(query.editorType ? { ':type': query.editorType } : {}),
        },
        Limit: query.limit + 1,
        ExclusiveStartKey,
      }),
    )
    blocks.push(...((page.Items ?? []) as Item[]).map(toBlock))
    ExclusiveStartKey = page.LastEvaluatedKey
  } while (blocks.length <= query.limit && ExclusiveStartKey)
  return { blocks: blocks.slice(0, query.limit), more: blocks.length > query.limit }
}

export async function getBlock(orgId: string, id: string): Promise<BlockRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: blockKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? toBlock(Item) : undefined
}

/** Blocks by id (any number), consistent; missing ones are absent from the map. */
export async function getBlocks(orgId: string, ids: string[]): Promise<Map<string, BlockRecord>> {
  const items = await batchGet(
    ids.map((id) => blockKey(orgId, id)),
    { consistent: true },
  )
  return new Map(items.flatMap((item) => (item ? [[String(item.id), toBlock(item)] as const] : [])))
}

/** The ids of the templates using a block (their current version references it). */
export async function listUses(orgId: string, blockId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': blockUsePrefix(blockId) },
    ProjectionExpression: 'templateId',
    ConsistentRead: true,
  })
  return items.map((item) => templateIdOf(item).templateId)
}

/** How many templates use each of these blocks (one counting query per block, in parallel). */
export async function countUses(orgId: string, blockIds: string[]): Promise<Map<string, number>> {
  const counts = await Promise.all(
    blockIds.map(async (blockId) => {
      let count = 0
      let ExclusiveStartKey: Record<string, unknown> | undefined
      do {
        const page = await dynamo().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
            ExpressionAttributeValues: {
              ':pk': organizationPartition(orgId),
              ':prefix': blockUsePrefix(blockId),
            },
            Select: 'COUNT',
            ConsistentRead: true,
            ExclusiveStartKey,
          }),
        )
        count += page.Count ?? 0
        ExclusiveStartKey = page.LastEvaluatedKey
      } while (ExclusiveStartKey)
      return [blockId, count] as const
    }),
  )
  return new Map(counts)
}

// Writes (parts of a caller's transaction)

export function putBlock(block: BlockRecord, expectedVersion: number | null): TransactItem {
  return {
    name: 'block',
    Put: {
      TableName: tableName(),
      Item: {
        ...blockKey(block.orgId, block.id),
        entity: 'Block',
        ...block,
        ...blockListIndexes(block.orgId, block),
      },
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
    name: 'block',
    Delete: {
      TableName: tableName(),
      Key: blockKey(block.orgId, block.id),
      ConditionExpression: 'attribute_exists(PK)',
    },
  }
}

export function claimName(orgId: string, name: string, id: string): TransactItem {
  return {
    name: 'block.name',
    Put: {
      TableName: tableName(),
      Item: { ...blockNameKey(orgId, name), entity: 'BlockName', blockId: id },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }
}

export function releaseName(orgId: string, name: string, id: string): TransactItem {
  return {
    name: 'block.name.release',
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
      name: blockAvailableName(blockId),
      ConditionCheck: {
        TableName: tableName(),
        Key: blockKey(orgId, blockId),
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleting)',
      },
    },
    {
      name: 'block.use',
      Put: {
        TableName: tableName(),
        Item: { ...blockUseKey(orgId, blockId, templateId), entity: 'BlockUse', blockId, templateId },
      },
    },
  ]
}

export function removeUse(orgId: string, blockId: string, templateId: string): TransactItem {
  return {
    name: 'block.use',
    Delete: { TableName: tableName(), Key: blockUseKey(orgId, blockId, templateId) },
  }
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
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}
