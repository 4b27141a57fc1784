import * as z from 'zod'
import { UlidSchema } from '../ids'
import { PageSchema, pageQuery } from '../page'
import { CampaignStatusSchema } from './schemas'

/**
 * A campaign's report (issue 19): what SES's events (SEND, DELIVERY, OPEN, CLICK, BOUNCE, COMPLAINT, REJECT,
 * DELIVERY_DELAY, RENDERING_FAILURE) and our own unsubscribes counted, each event once however often and in
 * whatever order SNS delivers it.
 *
 * Machine opens: an open by Apple Mail Privacy Protection or a similar proxy that fetches every image on arrival
 * (flagged from the open's user agent and address) says nothing about the reader. `machineOpens=exclude` (the
 * default) leaves them out of `uniqueOpens`, `totalOpens`, the timeline's opens and the open and click-to-open
 * rates; `include` counts them. `counts.machineOpens` is always the number of machine-flagged opens.
 */
export const MACHINE_OPEN_MODES = ['exclude', 'include'] as const
export const MachineOpenModeSchema = z.enum(MACHINE_OPEN_MODES)
export type MachineOpenMode = z.infer<typeof MachineOpenModeSchema>
export const DEFAULT_MACHINE_OPEN_MODE: MachineOpenMode = 'exclude'

export const CampaignReportQuerySchema = z
  .object({
    organizationId: UlidSchema,
    machineOpens: MachineOpenModeSchema.default(DEFAULT_MACHINE_OPEN_MODE),
  })
  .strict()
export type CampaignReportQuery = z.input<typeof CampaignReportQuerySchema>

/**
 * The report's counts. `recipients` is the ledger's size; `sent`, `failed`, `skipped`, `unconfirmed` come from the
 * ledger; the rest from SES's events. `uniqueOpens`/`uniqueClicks` count recipients (once each), `totalOpens`/
 * `totalClicks` count events. `hardBounces` (Permanent) and `softBounces` (Transient, Undetermined) count
 * recipients, each once per kind; `complaints` and `unsubscribes` count recipients.
 */
export const ReportCountsSchema = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  unconfirmed: z.number().int(),
  rejected: z.number().int(),
  deliveryDelays: z.number().int(),
  renderingFailures: z.number().int(),
  uniqueOpens: z.number().int(),
  totalOpens: z.number().int(),
  machineOpens: z.number().int(),
  uniqueClicks: z.number().int(),
  totalClicks: z.number().int(),
  hardBounces: z.number().int(),
  softBounces: z.number().int(),
  /** Recipients with a bounce of either kind, once each (those the bounced-contact actions touch). */
  bouncedRecipients: z.number().int(),
  complaints: z.number().int(),
  unsubscribes: z.number().int(),
})
export type ReportCounts = z.infer<typeof ReportCountsSchema>

const rate = z.number().min(0).max(1).nullable()
/**
 * Fractions 0..1, null when the denominator is 0: `delivery` and `bounce` over `sent`; `open`, `click`,
 * `complaint` and `unsubscribe` over `delivered`; `clickToOpen` is unique clicks over unique opens. `bounce` is
 * hard bounces only, as SES's reputation metric counts them; `open`, `click` and `unsubscribe` count recipients.
 */
export const ReportRatesSchema = z.object({
  delivery: rate,
  open: rate,
  click: rate,
  clickToOpen: rate,
  bounce: rate,
  complaint: rate,
  unsubscribe: rate,
})
export type ReportRates = z.infer<typeof ReportRatesSchema>

/**
 * The rates SES reviews an account at (bounce 5 % warning / 10 % critical, complaint 0.1 % / 0.5 %): a warning
 * for each rate at or above a threshold, at the highest level it reaches.
 */
export const SES_RATE_THRESHOLDS = {
  bounce: { warning: 0.05, critical: 0.1 },
  complaint: { warning: 0.001, critical: 0.005 },
} as const
export const ReportWarningSchema = z.object({
  kind: z.enum(['bounce', 'complaint']),
  level: z.enum(['warning', 'critical']),
  rate: z.number(),
  threshold: z.number(),
})
export type ReportWarning = z.infer<typeof ReportWarningSchema>

/** Hourly for the first 48 hours after the start, then daily (UTC days); each point is its period's start. */
export const TIMELINE_HOURLY_SPAN_HOURS = 48
export const ReportTimelineSchema = z.object({
  granularity: z.enum(['hour', 'day']),
  points: z.array(z.object({ at: z.iso.datetime(), opens: z.number().int(), clicks: z.number().int() })),
})
export type ReportTimeline = z.infer<typeof ReportTimelineSchema>

export const ReportLinkSchema = z.object({
  url: z.string(),
  uniqueClicks: z.number().int(),
  totalClicks: z.number().int(),
})
export type ReportLink = z.infer<typeof ReportLinkSchema>

/** SES's bounce type (`Permanent`, `Transient`, `Undetermined`) and subtype (`General`, `NoEmail`, `MailboxFull` …). */
export const ReportBounceSchema = z.object({
  type: z.string(),
  subType: z.string(),
  count: z.number().int(),
})
export type ReportBounce = z.infer<typeof ReportBounceSchema>

export const CampaignReportSchema = z.object({
  campaignId: UlidSchema,
  status: CampaignStatusSchema,
  machineOpens: MachineOpenModeSchema,
  counts: ReportCountsSchema,
  rates: ReportRatesSchema,
  warnings: z.array(ReportWarningSchema),
  timeline: ReportTimelineSchema,
  /** Most clicked first. */
  links: z.array(ReportLinkSchema),
  /** Most frequent first. */
  bounces: z.array(ReportBounceSchema),
  updatedAt: z.iso.datetime(),
})
export type CampaignReport = z.infer<typeof CampaignReportSchema>

export const COMPARE_CAMPAIGNS = { min: 2, max: 10 } as const
const ULID = '[0-9A-HJKMNP-TV-Z]{26}'
/** `ids`: what the split, the trim and the checks below accept (no id twice: the look-ahead finds a repeat). */
export const COMPARE_IDS_PATTERN = new RegExp(
  `^(?![\\s\\S]*\\b(${ULID})\\b[\\s\\S]*\\b\\1\\b)\\s*${ULID}\\s*(?:,\\s*${ULID}\\s*){${COMPARE_CAMPAIGNS.min - 1},${COMPARE_CAMPAIGNS.max - 1}}$`,
)
export const CampaignCompareQuerySchema = z
  .object({
    organizationId: UlidSchema,
    /** Comma-separated campaign ids, 2–10, distinct. */
    ids: z
      .string()
      // The whole rule as the document states it: 2–10 ids, comma-separated (spaces around them trimmed), each once.
      .meta({ pattern: COMPARE_IDS_PATTERN.source })
      .transform((value) => value.split(',').map((id) => id.trim()))
      .pipe(
        z
          .array(UlidSchema)
          .min(COMPARE_CAMPAIGNS.min)
          .max(COMPARE_CAMPAIGNS.max)
          .refine((ids) => new Set(ids).size === ids.length, { message: 'Each campaign once.' }),
      ),
    machineOpens: MachineOpenModeSchema.default(DEFAULT_MACHINE_OPEN_MODE),
  })
  .strict()
export type CampaignCompareQuery = z.input<typeof CampaignCompareQuerySchema>

export const CampaignCompareSchema = z.object({
  machineOpens: MachineOpenModeSchema,
  /** In the order asked. */
  campaigns: z.array(
    z.object({
      id: UlidSchema,
      name: z.string(),
      status: CampaignStatusSchema,
      startedAt: z.iso.datetime().nullable(),
      counts: ReportCountsSchema,
      rates: ReportRatesSchema,
    }),
  ),
})
export type CampaignCompare = z.infer<typeof CampaignCompareSchema>

/** What happened to a recipient, as the recipients list filters it. */
export const RECIPIENT_OUTCOMES = [
  'delivered',
  'opened',
  'clicked',
  'bounced',
  'complained',
  'unsubscribed',
  'failed',
  'skipped',
] as const
export const RecipientOutcomeSchema = z.enum(RECIPIENT_OUTCOMES)
export type RecipientOutcome = z.infer<typeof RecipientOutcomeSchema>

export const ACTIVITY_TYPES = [
  'SENT',
  'DELIVERED',
  'OPENED',
  'CLICKED',
  'BOUNCED',
  'COMPLAINED',
  'UNSUBSCRIBED',
  'FAILED',
  'SKIPPED',
] as const
export const ActivityTypeSchema = z.enum(ACTIVITY_TYPES)
export type ActivityType = z.infer<typeof ActivityTypeSchema>

/**
 * One thing that happened to a contact in a campaign; `detail`: the link of a click, the bounce's type and
 * subtype, a failure's or skip's reason, null otherwise.
 */
export const ContactActivitySchema = z.object({
  campaignId: UlidSchema,
  campaignName: z.string(),
  type: ActivityTypeSchema,
  at: z.iso.datetime(),
  detail: z.string().nullable(),
})
export type ContactActivity = z.infer<typeof ContactActivitySchema>

export const ContactActivityParamsSchema = z.object({ id: UlidSchema }).strict()
export const ContactActivityQuerySchema = z
  .object({ organizationId: UlidSchema, ...pageQuery({ default: 50, max: 200 }) })
  .strict()
export type ContactActivityQuery = z.input<typeof ContactActivityQuerySchema>

/** Newest first. */
export const ContactActivityListSchema = PageSchema(ContactActivitySchema)
export type ContactActivityList = z.infer<typeof ContactActivityListSchema>
