import * as z from 'zod'
import { EmailSchema } from '../auth/schemas'
import { UlidSchema } from '../ids'
import { SesEventTypeSchema } from '../ses-monitoring/schemas'
import { uniqueItems } from '../text'

/**
 * The pre-flight (`GET campaigns/{id}/preflight`): what sending this campaign now would do, checked over the
 * recipients before anything is sent. SES accepts a templated send whose data lacks a variable and then drops the
 * message; the pre-flight finds those recipients first.
 */

/**
 * Variables a campaign send fills in itself for every recipient, never read from a contact's data (so never
 * missing, and never asked of sample data): the recipient's signed unsubscribe link, the campaign's postal address
 * and the organization's name. `@app/email` describes them for the editor (`ENGINE_VARIABLES` there).
 */
export const ENGINE_VARIABLE_NAMES = ['unsubscribeUrl', 'postalAddress', 'organizationName'] as const
export type EngineVariableName = (typeof ENGINE_VARIABLE_NAMES)[number]
/** The values a send fills in for one recipient. */
export type EngineValues = Record<EngineVariableName, string>

/**
 * Refusals stop `schedule` and `send` (409 `campaigns.preflight_refused`):
 * - `incomplete`: no sender, template or topic yet;
 * - `identity_not_verified`: the sender is not a verified identity of the campaign's AWS account;
 * - `account_not_verified`: the AWS connection is not verified;
 * - `template_missing`: the template was deleted;
 * - `unsubscribe_link`: the HTML part has no visible `{{unsubscribeUrl}}` link (or the text part lacks it);
 * - `postal_address`: the campaign's `sender.postalAddress` is empty, or the template's visible HTML text or its
 *   text part does not contain it, `{{postalAddress}}` standing for it (CAN-SPAM: the sender's physical postal
 *   address in every marketing message; the same rule as the template editor's `campaign.*` checks);
 * - `no_recipients`: nobody to send to;
 * - `ses_events`: the account's SES events are not set up for campaigns (see `CAMPAIGN_EVENT_TYPES`): without
 *   them a send whose answer was lost cannot be reconciled and the report cannot count.
 */
export const PREFLIGHT_REFUSALS = [
  'incomplete',
  'identity_not_verified',
  'account_not_verified',
  'template_missing',
  'unsubscribe_link',
  'postal_address',
  'no_recipients',
  'ses_events',
] as const
export const PreflightRefusalCodeSchema = z.enum(PREFLIGHT_REFUSALS)
export type PreflightRefusalCode = z.infer<typeof PreflightRefusalCodeSchema>

/**
 * Warnings do not stop a send: `sandbox` (the account is in the SES sandbox: only verified addresses receive
 * mail), `quota` (more recipients than today's quota allows: the send waits for the next window),
 * `suppression_stale` (the account's suppression list was not synced in the last 7 days, or never).
 */
export const PREFLIGHT_WARNINGS = ['sandbox', 'quota', 'suppression_stale'] as const
export const PreflightWarningCodeSchema = z.enum(PREFLIGHT_WARNINGS)

export const PREFLIGHT_SAMPLE_EMAILS = 10

/**
 * The SES events a campaign needs its account's configuration set to publish (monitoring's event destination):
 * SEND reconciles sends whose answer was lost, the others feed the ledger and the report.
 */
export const CAMPAIGN_EVENT_TYPES = [
  'SEND',
  'DELIVERY',
  'BOUNCE',
  'COMPLAINT',
  'REJECT',
  'RENDERING_FAILURE',
  'OPEN',
  'CLICK',
] as const

/**
 * Where the campaign's account stands with SES events: `MISSING` (monitoring is off), `INCOMPLETE` (its event
 * destination lacks some of `CAMPAIGN_EVENT_TYPES`), `PENDING_CONFIRMATION` (set up, SNS has not confirmed our
 * endpoint's subscription yet: events would be lost), `READY`. Anything but `READY` refuses the send (`ses_events`);
 * enable-monitoring (again) sets it up.
 */
export const CAMPAIGN_EVENTS_STATES = ['MISSING', 'INCOMPLETE', 'PENDING_CONFIRMATION', 'READY'] as const
export const CampaignEventsSchema = z.object({
  state: z.enum(CAMPAIGN_EVENTS_STATES),
  /** The configuration set every campaign message is sent with (null: none yet). */
  configurationSetName: z.string().nullable(),
  /** What the event destination publishes now. */
  eventTypes: z.array(SesEventTypeSchema),
  /** Of `CAMPAIGN_EVENT_TYPES`, those it does not. */
  missingEventTypes: z.array(SesEventTypeSchema),
})
export type CampaignEvents = z.infer<typeof CampaignEventsSchema>

export const PreflightSchema = z.object({
  campaignId: UlidSchema,
  recipients: z.object({
    /** Contacts opted in to one of the topics, minus unsubscribed, bounced, complained and suppressed ones. */
    count: z.number().int(),
    /**
     * The data of this many recipients was read for missing variables; when fewer than `count` the check is
     * partial (`partial: true`) and the send's own check skips or fills the rest as chosen.
     */
    checked: z.number().int(),
    partial: z.boolean(),
  }),
  /** Every variable the template's subject, HTML and text read (the engine's own included). */
  variables: z.array(z.string()),
  /** Each variable some checked recipient lacks: how many, and the first `PREFLIGHT_SAMPLE_EMAILS` of them. */
  missingVariables: z.array(
    z.object({ name: z.string(), count: z.number().int(), sample: z.array(z.string()) }),
  ),
  /** Recipients skipped under the campaign's `missingVariables` choice (of those checked). */
  skippedForMissing: z.number().int(),
  refusals: z.array(z.object({ code: PreflightRefusalCodeSchema, message: z.string() })),
  warnings: z.array(z.object({ code: PreflightWarningCodeSchema, message: z.string() })),
  sandbox: z.boolean().nullable(),
  /** The account's SES events set-up (null: the AWS account is not connected and verified). */
  events: CampaignEventsSchema.nullable(),
  /** When the account's SES suppression list was last copied in (null: never). */
  suppressionSyncedAt: z.iso.datetime().nullable(),
  /**
   * From the account's `GetAccount` and its setting: campaigns take `share` (0.1–1, the AWS account's
   * `sendSharePercent` / 100) of MaxSendRate; `seconds` (`sendTime`) from confirm to the last recipient today's
   * quota allows, the engine's start-up included; `todayAllows` = Max24HourSend − SentLast24Hours. Null when SES
   * could not be asked.
   */
  estimate: z
    .object({
      maxSendRate: z.number(),
      share: z.number(),
      ratePerSecond: z.number(),
      seconds: z.number().int(),
      max24HourSend: z.number(),
      sentLast24Hours: z.number(),
      todayAllows: z.number(),
    })
    .nullable(),
  checkedAt: z.iso.datetime(),
})
export type Preflight = z.infer<typeof PreflightSchema>

export const TEST_SEND_ADDRESSES_MAX = 5
export const CampaignTestSendBodySchema = z
  .object({
    addresses: uniqueItems(
      z.array(EmailSchema).min(1).max(TEST_SEND_ADDRESSES_MAX),
      'Each address once.',
    ).meta({
      uniqueItems: true,
      description:
        'Each address once, compared trimmed and case-insensitively (`A@x.com` and `a@x.com` are one).',
    }),
    /** Render with this contact's data; by default the first recipient of the campaign's topics. */
    contactId: UlidSchema.optional(),
  })
  .strict()
export type CampaignTestSendBody = z.input<typeof CampaignTestSendBodySchema>

export const CampaignTestSendResultSchema = z.object({
  /** The contact whose data rendered the message. */
  contact: z.object({ id: UlidSchema, email: z.string() }),
  messages: z.array(z.object({ to: z.string(), messageId: z.string() })),
})
export type CampaignTestSendResult = z.infer<typeof CampaignTestSendResultSchema>
