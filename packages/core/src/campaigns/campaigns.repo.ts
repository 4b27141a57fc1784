import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { batchGet } from '../db/batch'
import { itemParser, parseItem } from '../db/item'
import { CAMPAIGN_ROW_PREFIX, campaignKey, campaignRowKey, organizationPartition } from '../db/keys'
import { queryPartition } from '../db/query'
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

/** Every list row of the organization, newest first (C2: rows are small, the whole set is read). */
export async function listCampaignRows(orgId: string): Promise<CampaignRow[]> {
  const { items } = await queryPartition(organizationPartition(orgId), {
    sk: { beginsWith: CAMPAIGN_ROW_PREFIX },
    backwards: true,
    attributes: ['id', 'nameLower', 'status'],
  })
  return items.map(toRow)
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
