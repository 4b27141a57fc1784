import { CampaignAudienceActionSchema, JOB_RETENTION_DAYS } from '@app/contracts'
import { PutCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../../aws'
import { deleteAll } from '../../db/batch'
import { itemParser } from '../../db/item'
import { campaignActionKey, campaignActionPrefix } from '../../db/keys'
import { queryPartition } from '../../db/query'
import { tableName } from '../../db/table'

/** A campaign's started audience action (db/keys/campaigns.ts CA1–CA3). */
const ActionRunItem = z.object({
  jobId: z.string(),
  campaignId: z.string(),
  action: CampaignAudienceActionSchema,
  topic: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
})
export type ActionRunRecord = z.infer<typeof ActionRunItem>
const toRun = itemParser(ActionRunItem)

export async function recordActionRun(orgId: string, run: ActionRunRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...campaignActionKey(orgId, run.campaignId, run.jobId),
        entity: 'CampaignActionRun',
        ...run,
        expiresAt: Math.floor(Date.parse(run.createdAt) / 1000) + JOB_RETENTION_DAYS * 86_400,
      },
    }),
  )
}

/** Newest first, `limit` of them from before `beforeJobId`; `more` when older ones follow. */
export async function listActionRuns(
  orgId: string,
  campaignId: string,
  limit: number,
  beforeJobId?: string,
): Promise<{ runs: ActionRunRecord[]; more: boolean }> {
  const prefix = campaignActionPrefix(campaignId)
  const { items } = await queryPartition(`ORG#${orgId}`, {
    sk: beforeJobId ? { between: [prefix, `${prefix}${beforeJobId}`] } : { beginsWith: prefix },
    backwards: true,
    consistent: true,
    limit: limit + 2,
  })
  const runs = items
    .filter(
      (item) => String(item.SK) !== `${prefix}${beforeJobId ?? ''}` && String(item.SK).startsWith(prefix),
    )
    .map(toRun)
  return { runs: runs.slice(0, limit), more: runs.length > limit }
}

/** A deleted campaign's runs (its leftovers). */
export async function deleteActionRuns(orgId: string, campaignId: string): Promise<void> {
  const { items } = await queryPartition(`ORG#${orgId}`, {
    sk: { beginsWith: campaignActionPrefix(campaignId) },
    attributes: ['PK', 'SK'],
  })
  await deleteAll(items.map((item) => ({ PK: String(item.PK), SK: String(item.SK) })))
}
