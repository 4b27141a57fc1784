import {
  CampaignScheduleSchema,
  CampaignSenderSchema,
  CampaignStatusSchema,
  MissingVariablesSchema,
  PauseReasonSchema,
} from '@app/contracts'
import * as z from 'zod'

/** A campaign as stored (`CAMPAIGN#<id>`); the API's `Campaign` adds the ledger's counts. */
export const CampaignRecordSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  awsAccountId: z.string(),
  sender: CampaignSenderSchema.nullable(),
  templateId: z.string().nullable(),
  pinnedVersion: z.number().int().nullable(),
  topicIds: z.array(z.string()),
  missingVariables: MissingVariablesSchema,
  schedule: CampaignScheduleSchema.nullable(),
  status: CampaignStatusSchema,
  pauseReason: PauseReasonSchema.nullable(),
  waitingUntil: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
})
export type CampaignRecord = z.infer<typeof CampaignRecordSchema>

/** What the list filters on (`CAMPAIGN_ROW#<id>`), written with the record. */
export const CampaignRowSchema = z.object({
  id: z.string(),
  nameLower: z.string(),
  status: CampaignStatusSchema,
})
export type CampaignRow = z.infer<typeof CampaignRowSchema>
