import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import {
  CAMPAIGN_PREFIX,
  campaignKey,
  campaignTemplateKey,
  campaignTemplatePrefix,
  migrationKey,
  organizationKey,
  organizationPartition,
} from '../db/keys'
import { queryPartition } from '../db/query'
import { nowIso, tableName } from '../db/table'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import type { CampaignRecord } from './model'

/**
 * Which campaigns sent a template, and which version they pinned (C7, C8 in db/keys/campaigns.ts): an item per
 * started campaign under the organization and template, written in the transaction that pins the version and
 * deleted in the one that deletes the campaign.
 */
export interface TemplateUse {
  campaignId: string
  version: number
}

type Pinned = Pick<CampaignRecord, 'orgId' | 'id' | 'templateId' | 'pinnedVersion'>

/** The use of a campaign that pinned a version (nothing for one that did not). */
export function templateUsePut(record: Pinned): NamedItem[] {
  if (!record.templateId || record.pinnedVersion === null) return []
  return [
    {
      name: 'templateUse',
      Put: {
        TableName: tableName(),
        Item: {
          ...campaignTemplateKey(record.orgId, record.templateId, record.id),
          entity: 'campaignTemplateUse',
          templateId: record.templateId,
          campaignId: record.id,
          version: record.pinnedVersion,
        },
      },
    },
  ]
}

export function templateUseDelete(record: Pinned): NamedItem[] {
  if (!record.templateId) return []
  return [
    {
      name: 'templateUse',
      Delete: {
        TableName: tableName(),
        Key: campaignTemplateKey(record.orgId, record.templateId, record.id),
      },
    },
  ]
}

/** The template's uses, newest created campaign first, at most `limit`; `more` when others are older. */
export async function listTemplateUses(
  orgId: string,
  templateId: string,
  limit: number,
): Promise<{ uses: TemplateUse[]; more: boolean }> {
  const { items } = await queryPartition(organizationPartition(orgId), {
    sk: { beginsWith: campaignTemplatePrefix(templateId) },
    backwards: true,
    limit: limit + 1,
    consistent: true,
    attributes: ['campaignId', 'version'],
  })
  return {
    uses: items
      .slice(0, limit)
      .map((item) => ({ campaignId: String(item.campaignId), version: Number(item.version) })),
    more: items.length > limit,
  }
}

export const TEMPLATE_USES_BACKFILL = 'campaign-template-uses'

export async function templateUsesBackfilled(orgId: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: migrationKey(orgId, TEMPLATE_USES_BACKFILL),
      ConsistentRead: true,
    }),
  )
  return Boolean(Item)
}

/** Campaigns of the organization that pinned a template version (their record's few fields). */
export async function listPinnedCampaigns(orgId: string): Promise<Pinned[]> {
  const { items } = await queryPartition(organizationPartition(orgId), {
    sk: { beginsWith: CAMPAIGN_PREFIX },
    consistent: true,
    attributes: ['id', 'templateId', 'pinnedVersion'],
  })
  return items
    .filter((item) => typeof item.templateId === 'string' && typeof item.pinnedVersion === 'number')
    .map((item) => ({
      orgId,
      id: String(item.id),
      templateId: String(item.templateId),
      pinnedVersion: Number(item.pinnedVersion),
    }))
}

/**
 * Writes a campaign's use unless the campaign is gone: a delete racing with the backfill never leaves a use
 * behind. Answers whether it was written.
 */
export async function writeTemplateUse(record: Pinned): Promise<boolean> {
  try {
    await transact([
      ...templateUsePut(record),
      {
        name: 'campaign',
        ConditionCheck: {
          TableName: tableName(),
          Key: campaignKey(record.orgId, record.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    ])
    return true
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed('campaign')) return false
    throw error
  }
}

/** The backfill's marker; none in the partition of an organization being deleted. */
export async function markTemplateUsesBackfilled(orgId: string, written: number): Promise<void> {
  try {
    await transact([
      {
        name: 'marker',
        Put: {
          TableName: tableName(),
          Item: {
            ...migrationKey(orgId, TEMPLATE_USES_BACKFILL),
            entity: 'Migration',
            name: TEMPLATE_USES_BACKFILL,
            at: nowIso(),
            written,
          },
        },
      },
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
