import type { CampaignStatus } from '@app/contracts'
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { batchGet } from '../db/batch'
import { itemParser, parseItem } from '../db/item'
import { CAMPAIGN_ROW_PREFIX, campaignKey, campaignRowKey, organizationPartition } from '../db/keys'
import { tableName } from '../db/table'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import { AppError } from '../errors'
import { type CampaignRecord, CampaignRecordSchema, type CampaignRow, CampaignRowSchema } from './model'
import { templateUseDelete } from './template-uses.repo'

const toRecord = itemParser(CampaignRecordSchema)
const toRow = itemParser(CampaignRowSchema)

export const versionConflict = (current: number) =>
  new AppError('version.conflict', 'The campaign changed since you read it.', { currentVersion: current })

export async function getCampaignRecord(orgId: string, id: string): Promise<CampaignRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: campaignKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? parseItem(CampaignRecordSchema, Item) : undefined
}

/** The records of `ids`, in that order (a missing one left out). */
export async function getCampaignRecords(orgId: string, ids: string[]): Promise<CampaignRecord[]> {
  const items = await batchGet(ids.map((id) => campaignKey(orgId, id)))
  return items.flatMap((item) => (item ? [toRecord(item)] : []))
}

/** What the list filters its rows on: the name contains `nameContains` (lower case), the status is one of `statuses`. */
export interface CampaignRowFilter {
  nameContains?: string
  statuses?: readonly CampaignStatus[]
}

/**
 * A page of list rows, newest first, after the row `afterId` (C2): one Query after another from there, `filter` as
 * a FilterExpression, until `limit` rows match, the partition ends, or `readMax` rows were read. `next` is the row
 * to continue after (the last returned, or the last read when the read ran out first); null at the end.
 */
export async function listCampaignRows(
  orgId: string,
  options: { limit: number; afterId?: string; filter: CampaignRowFilter; readMax: number },
): Promise<{ rows: CampaignRow[]; next: string | null }> {
  const { nameContains, statuses } = options.filter
  const conditions: string[] = []
  const values: Record<string, unknown> = {
    ':pk': organizationPartition(orgId),
    ':prefix': CAMPAIGN_ROW_PREFIX,
  }
  if (nameContains) {
    conditions.push('contains(#name, :q)')
    values[':q'] = nameContains
  }
  if (statuses?.length) {
    conditions.push(`#status IN (${statuses.map((_, index) => `:s${index}`).join(', ')})`)
    statuses.forEach((status, index) => {
      values[`:s${index}`] = status
    })
  }
  const rows: CampaignRow[] = []
  let read = 0
  let startKey: Record<string, unknown> | undefined = options.afterId
    ? campaignRowKey(orgId, options.afterId)
    : undefined
  while (read < options.readMax) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeNames: { '#id': 'id', '#name': 'nameLower', '#status': 'status' },
        ExpressionAttributeValues: values,
        ProjectionExpression: '#id, #name, #status',
        ScanIndexForward: false,
        Limit: Math.min(options.readMax - read, conditions.length ? 500 : options.limit + 1),
        ExclusiveStartKey: startKey,
      }),
    )
    read += page.ScannedCount ?? 0
    for (const item of page.Items ?? []) {
      const row = toRow(item)
      // One row past the page says another page follows.
      if (rows.length === options.limit) return { rows, next: rows[rows.length - 1]?.id ?? null }
      rows.push(row)
    }
    startKey = page.LastEvaluatedKey
    if (!startKey) return { rows, next: null }
  }
  return { rows, next: String(startKey?.SK).slice(CAMPAIGN_ROW_PREFIX.length) }
}

const rowPut = (record: CampaignRecord): NamedItem => ({
  name: 'row',
  Put: {
    TableName: tableName(),
    Item: {
      ...campaignRowKey(record.orgId, record.id),
      entity: 'campaignRow',
      id: record.id,
      nameLower: record.name.toLowerCase(),
      status: record.status,
    },
  },
})

export async function createCampaignRecord(record: CampaignRecord, also: NamedItem[] = []): Promise<void> {
  await transact([
    {
      name: 'campaign',
      Put: {
        TableName: tableName(),
        Item: { ...campaignKey(record.orgId, record.id), entity: 'campaign', ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    rowPut(record),
    ...also,
  ])
}

/**
 * Saves `after` over `before` (C3): only if the stored campaign is still at `before.version` (its status thus
 * unchanged). A lost race answers 409 `version.conflict` with the current version.
 */
export async function saveCampaignRecord(
  before: CampaignRecord,
  after: CampaignRecord,
  also: NamedItem[] = [],
): Promise<void> {
  try {
    await transact([
      {
        name: 'campaign',
        Put: {
          TableName: tableName(),
          Item: { ...campaignKey(after.orgId, after.id), entity: 'campaign', ...after },
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': before.version },
        },
      },
      rowPut(after),
      ...also,
    ])
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed('campaign')) {
      const current = await getCampaignRecord(before.orgId, before.id)
      if (!current) throw new AppError('campaigns.not_found', 'No such campaign.')
      throw versionConflict(current.version)
    }
    throw error
  }
}

/** Deletes a campaign and its template use at `record.version` (C4; the caller checked its status at that version). */
export async function deleteCampaignRecord(
  record: CampaignRecord,
  also: NamedItem[] = [],
): Promise<'deleted' | 'changed'> {
  try {
    await transact([
      {
        name: 'campaign',
        Delete: {
          TableName: tableName(),
          Key: campaignKey(record.orgId, record.id),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': record.version },
        },
      },
      { name: 'row', Delete: { TableName: tableName(), Key: campaignRowKey(record.orgId, record.id) } },
      // A sent campaign leaves the analytics of its template with it.
      ...templateUseDelete(record),
      ...also,
    ])
    return 'deleted'
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed('campaign')) return 'changed'
    throw error
  }
}
