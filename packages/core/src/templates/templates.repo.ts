import {
  type TemplateAuthor,
  type TemplateEditorType,
  TemplateEditorTypeSchema,
  type TemplateText,
  TemplateTextSchema,
  type TemplateVersionSummary,
  TemplateVersionSummarySchema,
} from '@app/contracts'
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchGet } from '../db/batch'
import { itemParser, parseItem } from '../db/item'
import {
  organizationPartition,
  TEMPLATE_PREFIX,
  templateContentKey,
  templateContentPrefix,
  templateKey,
  templateListIndexes,
  templateListPartition,
  templateNameKey,
  templateOwnerKey,
  templateVersionKey,
  templateVersionPrefix,
} from '../db/keys'
import { GSI1, GSI2, type Item, queryAll, tableName } from '../db/table'
import type { TransactItem } from '../organizations/template-actions'
import { decodeContent, encodeContent, type TemplateContent } from './content'

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
  updatedBy: TemplateAuthor
  /** The reusable blocks the current version references (absent on templates saved before blocks existed). */
  blockIds?: string[]
}

export type VersionRecord = TemplateVersionSummary & {
  templateId: string
  tags: string[]
  /** How many content chunks the version has. */
  chunks: number
}

const Author = z.object({ accountId: z.string(), email: z.string() })

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
  updatedBy: Author,
  blockIds: z.array(z.string()).optional(),
}) satisfies z.ZodType<TemplateHead>

const VersionItem = TemplateVersionSummarySchema.extend({
  savedAt: z.string(),
  savedBy: Author,
  templateId: z.string(),
  tags: z.array(z.string()),
  chunks: z.number().int(),
}) satisfies z.ZodType<VersionRecord>

const OwnerItem = z.object({ orgId: z.string() })
const ContentItem = z.object({ data: z.instanceof(Uint8Array) })

const toHead = itemParser(HeadItem)
const toVersion = itemParser(VersionItem)

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

export async function getContent(
  orgId: string,
  id: string,
  version: number,
): Promise<TemplateContent | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': organizationPartition(orgId),
      ':prefix': templateContentPrefix(id, version),
    },
    ConsistentRead: true,
  })
  if (items.length === 0) return undefined
  return decodeContent(items.map((item) => parseItem(ContentItem, item).data))
}

export async function getVersion(
  orgId: string,
  id: string,
  version: number,
): Promise<VersionRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: templateVersionKey(orgId, id, version),
      ConsistentRead: true,
    }),
  )
  return Item ? toVersion(Item) : undefined
}

/** Versions newest first, from below `before` (exclusive) when given. */
export async function listVersions(
  orgId: string,
  id: string,
  limit: number,
  before?: number,
): Promise<{ versions: VersionRecord[]; more: boolean }> {
  const prefix = templateVersionPrefix(id)
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: before
        ? 'PK = :pk AND SK BETWEEN :from AND :to'
        : 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': organizationPartition(orgId),
        ...(before
          ? { ':from': prefix, ':to': templateVersionKey(orgId, id, before - 1).SK }
          : { ':prefix': prefix }),
      },
      ScanIndexForward: false,
      Limit: limit + 1,
      ConsistentRead: true,
    }),
  )
  const items = (page.Items ?? []) as Item[]
  return { versions: items.slice(0, limit).map(toVersion), more: items.length > limit }
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

/** The version item and its content chunks; a version is written once. */
export function putVersion(
  orgId: string,
  version: Omit<VersionRecord, 'chunks'>,
  content: TemplateContent,
): TransactItem[] {
  const chunks = encodeContent(content)
  return [
    {
      name: 'template.version',
      Put: {
        TableName: tableName(),
        Item: {
          ...templateVersionKey(orgId, version.templateId, version.version),
          entity: 'TemplateVersion',
          ...version,
          chunks: chunks.length,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...chunks.map((data, index) => ({
      name: 'template.content',
      Put: {
        TableName: tableName(),
        Item: {
          ...templateContentKey(orgId, version.templateId, version.version, index),
          entity: 'TemplateContent',
          data,
        },
      },
    })),
  ]
}
