import {
  type Principal,
  type TemplateEditorType,
  TemplateEditorTypeSchema,
  type TemplateText,
  TemplateTextSchema,
} from '@app/contracts'
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchGet } from '../db/batch'
import { itemParser, parseItem } from '../db/item'
import {
  organizationPartition,
  TEMPLATE_PREFIX,
  templateKey,
  templateListIndexes,
  templateListPartition,
  templateNameKey,
  templateOwnerKey,
} from '../db/keys'
import { principalItem } from '../db/principal'
import { GSI1, GSI2, type Item, queryAll, tableName } from '../db/table'
import type { TransactItem } from '../organizations/public'

/** What lists show and the current version number: small, so listing an organization's templates stays cheap. */
export interface TemplateHead {
  id: string
  orgId: string
  name: string
  subject: string
  editorType: TemplateEditorType
  tags: string[]
  textMode: TemplateText['mode']
  version: number
  warnings: number
  sizeBytes: number
  createdAt: string
  updatedAt: string
  updatedBy: Principal
  /** The reusable blocks the current version references (absent on templates saved before blocks existed). */
  blockIds?: string[]
}

const HeadItem = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  subject: z.string(),
  editorType: TemplateEditorTypeSchema,
  tags: z.array(z.string()),
  textMode: TemplateTextSchema.shape.mode,
  version: z.number().int(),
  warnings: z.number().int(),
  sizeBytes: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: principalItem,
  blockIds: z.array(z.string()).optional(),
}) satisfies z.ZodType<TemplateHead>

const OwnerItem = z.object({ orgId: z.string() })

const toHead = itemParser(HeadItem)

export async function organizationOf(id: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: templateOwnerKey(id), ConsistentRead: true }),
  )
  return Item ? parseItem(OwnerItem, Item).orgId : undefined
}

export async function getHead(orgId: string, id: string): Promise<TemplateHead | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: templateKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? toHead(Item) : undefined
}

const NameItem = z.object({ templateId: z.string() })

/** The id of the organization's template of this name (exactly as saved), if any: its name claim. */
export async function templateIdByName(orgId: string, name: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: templateNameKey(orgId, name), ConsistentRead: true }),
  )
  return Item ? parseItem(NameItem, Item).templateId : undefined
}

/** Heads by id (at most 100), in one consistent batch read; missing ones are absent from the map. */
export async function getHeads(orgId: string, ids: string[]): Promise<Map<string, TemplateHead>> {
  const items = await batchGet(
    ids.map((id) => templateKey(orgId, id)),
    { consistent: true },
  )
  return new Map(items.flatMap((item) => (item ? [[String(item.id), toHead(item)] as const] : [])))
}

/** Every template head of an organization (heads carry no content). */
export async function listHeads(orgId: string): Promise<TemplateHead[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': TEMPLATE_PREFIX },
    ConsistentRead: true,
  })
  return items.map(toHead)
}

export interface HeadPageQuery {
  orgId: string
  sort: 'name' | 'updated'
  ascending: boolean
  /** Part of the name, lower-cased. */
  q?: string
  tag?: string
  limit: number
  /** The index sort key of the last row of the previous page. */
  after?: { key: string; id: string }
}

/** Where a head sits in the list index of a sort (what a cursor holds). */
export const headPosition = (head: TemplateHead, sort: HeadPageQuery['sort']) => {
  const indexes = templateListIndexes(head.orgId, head)
  return { key: sort === 'name' ? indexes.GSI1SK : indexes.GSI2SK, id: head.id }
}

/**
 * One page of heads, read in index order from the cursor's position; `q` and `tag` are filter expressions, so a
 * page may take more than one query to fill (reads continue until `limit + 1` rows tell whether there is more).
 */
export async function pageHeads(query: HeadPageQuery): Promise<{ heads: TemplateHead[]; more: boolean }> {
  const byName = query.sort === 'name'
  const [pk, sk] = byName ? ['GSI1PK', 'GSI1SK'] : ['GSI2PK', 'GSI2SK']
  const partition = templateListPartition(query.orgId)
  const filters = [
    ...(query.q ? ['contains(searchName, :q)'] : []),
    ...(query.tag ? ['contains(tags, :tag)'] : []),
  ]
  let ExclusiveStartKey: Record<string, unknown> | undefined = query.after && {
    ...templateKey(query.orgId, query.after.id),
    [pk]: partition,
    [sk]: query.after.key,
  }
  const heads: TemplateHead[] = []
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: byName ? GSI1 : GSI2,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': pk },
        ExpressionAttributeValues: {
          ':pk': partition,
          ...(query.q ? { ':q': query.q } : {}),
          ...(query.tag ? { ':tag': query.tag } : {}),
        },
        ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
        ScanIndexForward: query.ascending,
        // Filtered pages read ahead: most rows read may be filtered out.
        Limit: filters.length > 0 ? Math.max(query.limit + 1, 200) : query.limit + 1,
        ExclusiveStartKey,
      }),
    )
    heads.push(...((page.Items ?? []) as Item[]).map(toHead))
    ExclusiveStartKey = page.LastEvaluatedKey
  } while (heads.length <= query.limit && ExclusiveStartKey)
  return { heads: heads.slice(0, query.limit), more: heads.length > query.limit }
}

// Writes (parts of a caller's transaction)

export function putHead(head: TemplateHead, expectedVersion: number | null): TransactItem {
  return {
    name: 'template.head',
    Put: {
      TableName: tableName(),
      Item: {
        ...templateKey(head.orgId, head.id),
        entity: 'Template',
        ...head,
        ...templateListIndexes(head.orgId, head),
      },
      ...(expectedVersion === null
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : {
            ConditionExpression: 'version = :expected',
            ExpressionAttributeValues: { ':expected': expectedVersion },
          }),
    },
  }
}

export function deleteHead(head: TemplateHead): TransactItem {
  return {
    name: 'template.head',
    Delete: {
      TableName: tableName(),
      Key: templateKey(head.orgId, head.id),
      ConditionExpression: 'attribute_exists(PK)',
    },
  }
}

export function claimName(orgId: string, name: string, id: string): TransactItem {
  return {
    name: 'template.name',
    Put: {
      TableName: tableName(),
      Item: { ...templateNameKey(orgId, name), entity: 'TemplateName', templateId: id },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }
}

export function releaseName(orgId: string, name: string, id: string): TransactItem {
  return {
    name: 'template.name.release',
    Delete: {
      TableName: tableName(),
      Key: templateNameKey(orgId, name),
      ConditionExpression: 'templateId = :id',
      ExpressionAttributeValues: { ':id': id },
    },
  }
}

export function putOwner(orgId: string, id: string): TransactItem {
  return {
    name: 'template.owner',
    Put: {
      TableName: tableName(),
      Item: { ...templateOwnerKey(id), entity: 'TemplateOwner', orgId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }
}
