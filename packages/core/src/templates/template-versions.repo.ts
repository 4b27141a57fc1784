import { type TemplateVersionSummary, TemplateVersionSummarySchema } from '@app/contracts'
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { itemParser, parseItem } from '../db/item'
import {
  organizationPartition,
  templateContentKey,
  templateContentPrefix,
  templateVersionKey,
  templateVersionPrefix,
} from '../db/keys'
import { principalItem } from '../db/principal'
import { type Item, queryAll, tableName } from '../db/table'
import type { TransactItem } from '../organizations/public'
import { decodeContent, encodeContent, type TemplateContent } from './content'

export type VersionRecord = TemplateVersionSummary & {
  templateId: string
  tags: string[]
  /** How many content chunks the version has. */
  chunks: number
}

const VersionItem = TemplateVersionSummarySchema.extend({
  savedAt: z.string(),
  savedBy: principalItem,
  templateId: z.string(),
  tags: z.array(z.string()),
  chunks: z.number().int(),
}) satisfies z.ZodType<VersionRecord>

const ContentItem = z.object({ data: z.instanceof(Uint8Array) })

const toVersion = itemParser(VersionItem)

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
