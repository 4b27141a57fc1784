import * as z from 'zod'
import { ReportCountsSchema, ReportRatesSchema } from '../campaigns/report'
import {
  type CampaignCounts,
  CampaignListQuerySchema,
  CampaignScheduleSchema,
  CampaignSchema,
  CreateCampaignBodySchema,
} from '../campaigns/schemas'
import { UlidSchema } from '../ids'
import { PageSchema } from '../page'

/**
 * Campaigns on the public API (`/api/v1/campaigns`): the dashboard's campaigns, acting for the API key's own
 * organization (a call never names one). The state rules are the dashboard's: a change the campaign's status
 * does not allow is 409 `campaigns.invalid_transition`, a send or schedule the pre-flight refuses 409
 * `campaigns.preflight_refused`.
 */

/**
 * Progress as the dashboard shows it: `done` recipients are settled (sent, failed, skipped, unconfirmed);
 * `remaining` are still to send, being sent or awaiting SES's answer.
 */
export const CampaignProgressSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  remaining: z.number().int(),
  /** 0–100, whole. */
  percent: z.number().int(),
})
export type CampaignProgress = z.infer<typeof CampaignProgressSchema>

export function campaignProgress(counts: CampaignCounts): CampaignProgress {
  const done = counts.sent + counts.failed + counts.skipped + counts.unconfirmed
  const percent = counts.total > 0 ? Math.min(100, Math.floor((done / counts.total) * 100)) : 0
  return {
    total: counts.total,
    sent: counts.sent,
    failed: counts.failed,
    skipped: counts.skipped,
    remaining: Math.max(0, counts.total - done),
    percent,
  }
}

/** A campaign with its status, the ledger's counts and its progress. */
export const PublicCampaignSchema = CampaignSchema.omit({ organizationId: true }).extend({
  progress: CampaignProgressSchema,
})
export type PublicCampaign = z.infer<typeof PublicCampaignSchema>

export const PublicCampaignListQuerySchema = CampaignListQuerySchema.omit({ organizationId: true })
export const PublicCampaignListSchema = PageSchema(PublicCampaignSchema)
export type PublicCampaignList = z.infer<typeof PublicCampaignListSchema>

/**
 * A new draft campaign: a template and topics of the organization, the sender (a verified identity of the AWS
 * account) and, optionally, when to send. `awsAccountId` may be left out when the organization has one AWS
 * account connected; with several it must name one (400 otherwise).
 */
export const PublicCreateCampaignBodySchema = CreateCampaignBodySchema.extend({
  awsAccountId: UlidSchema.optional(),
})
export type PublicCreateCampaignBody = z.input<typeof PublicCreateCampaignBodySchema>

/** `POST …/schedule`: the time to send at (a draft keeps the one it has when left out). */
export const PublicScheduleBodySchema = z.object({ schedule: CampaignScheduleSchema.optional() }).strict()
export type PublicScheduleBody = z.input<typeof PublicScheduleBodySchema>

export const PublicCampaignParamsSchema = z.object({ id: UlidSchema }).strict()

/** `GET …/report`: the report's counts and rates (machine opens left out, as the dashboard's default). */
export const PublicCampaignReportSchema = z.object({
  id: UlidSchema,
  status: CampaignSchema.shape.status,
  counts: ReportCountsSchema,
  rates: ReportRatesSchema,
})
export type PublicCampaignReport = z.infer<typeof PublicCampaignReportSchema>
