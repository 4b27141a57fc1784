import * as z from 'zod'
import { UlidSchema } from '../ids'
import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import { TemplateIdParamsSchema } from '../templates/schemas'
import {
  DEFAULT_MACHINE_OPEN_MODE,
  MachineOpenModeSchema,
  ReportCountsSchema,
  ReportRatesSchema,
} from './report'
import { CampaignStatusSchema } from './schemas'

/**
 * Per-template analytics (issue 19, "beyond the peers"): what the campaigns that sent a template counted, per
 * version of the template they pinned when their send started. Read from the template's most recently created
 * campaigns, at most `TEMPLATE_ANALYTICS_CAMPAIGNS`; `truncated` says when older ones were left out.
 */
export const TEMPLATE_ANALYTICS_CAMPAIGNS = 100

export const TemplateAnalyticsQuerySchema = z
  .object({
    organizationId: UlidSchema,
    machineOpens: MachineOpenModeSchema.default(DEFAULT_MACHINE_OPEN_MODE),
  })
  .strict()
export type TemplateAnalyticsQuery = z.input<typeof TemplateAnalyticsQuerySchema>

export const TemplateAnalyticsCampaignSchema = z.object({
  id: UlidSchema,
  name: z.string(),
  status: CampaignStatusSchema,
  startedAt: z.iso.datetime().nullable(),
})
export type TemplateAnalyticsCampaign = z.infer<typeof TemplateAnalyticsCampaignSchema>

/** Counts summed over the campaigns; rates computed from the sums exactly as a campaign's report computes them. */
export const TemplateVersionAnalyticsSchema = z.object({
  version: z.number().int().positive(),
  /** Newest started first. */
  campaigns: z.array(TemplateAnalyticsCampaignSchema),
  counts: ReportCountsSchema,
  rates: ReportRatesSchema,
})
export type TemplateVersionAnalytics = z.infer<typeof TemplateVersionAnalyticsSchema>

export const TemplateAnalyticsSchema = z.object({
  templateId: UlidSchema,
  machineOpens: MachineOpenModeSchema,
  /** How many campaigns are read at most (the most recently created that sent the template). */
  limit: z.number().int().positive(),
  /** More campaigns sent the template than were read. */
  truncated: z.boolean(),
  /** Newest version first; only versions some campaign sent. */
  versions: z.array(TemplateVersionAnalyticsSchema),
  totals: z.object({
    campaigns: z.number().int().nonnegative(),
    counts: ReportCountsSchema,
    rates: ReportRatesSchema,
  }),
})
export type TemplateAnalytics = z.infer<typeof TemplateAnalyticsSchema>

export const templateAnalyticsRoutes = {
  getTemplateAnalytics: route({
    method: 'GET',
    path: '/api/templates/{id}/analytics',
    // Campaign counters are read: the report function's code, not the templates function's.
    group: 'campaign-reports',
    summary:
      'What the campaigns that sent a template counted, per version of the template (newest first) and in total: sends, delivery, unique opens and clicks, bounces, complaints, unsubscribes and their rates; from its 100 most recently created campaigns; `machineOpens` says whether machine opens count (default `exclude`)',
    auth: 'user',
    permission: 'campaigns.read',
    // Plan-gated, so the organization is named (the gate reads it); a template of another one answers 404.
    organization: { in: 'query', key: 'organizationId' },
    feature: 'campaigns',
    params: TemplateIdParamsSchema,
    query: TemplateAnalyticsQuerySchema,
    response: TemplateAnalyticsSchema,
    errors: [...ORGANIZATION_ERRORS, 'template.not_found'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
