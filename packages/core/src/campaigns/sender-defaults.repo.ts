import { CampaignSenderSchema } from '@app/contracts'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { parseItem } from '../db/item'
import { campaignSenderDefaultsKey } from '../db/keys'
import { tableName } from '../db/table'
import type { NamedItem } from '../db/transact'
import type { CampaignRecord } from './model'

/** The organization's last saved sender (C9 in db/keys/campaigns.ts): one item, the last save wins. */
const SenderDefaultsRecordSchema = z.object({
  sender: CampaignSenderSchema,
  savedAt: z.string(),
})
export type SenderDefaultsRecord = z.infer<typeof SenderDefaultsRecordSchema>

export async function getSenderDefaultsRecord(orgId: string): Promise<SenderDefaultsRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: campaignSenderDefaultsKey(orgId) }),
  )
  return Item ? parseItem(SenderDefaultsRecordSchema, Item) : undefined
}

/**
 * The put that makes a campaign's sender the organization's defaults, for the transaction saving that campaign
 * (nothing when it has no sender).
 */
export function senderDefaultsPut(
  record: Pick<CampaignRecord, 'orgId' | 'sender' | 'updatedAt'>,
): NamedItem[] {
  if (!record.sender) return []
  return [
    {
      name: 'senderDefaults',
      Put: {
        TableName: tableName(),
        Item: {
          ...campaignSenderDefaultsKey(record.orgId),
          entity: 'campaignSenderDefaults',
          sender: record.sender,
          savedAt: record.updatedAt,
        },
      },
    },
  ]
}
