import * as z from 'zod'
import { VARIABLE_NAME_PATTERN } from '../audience/attribute-names'
import { EmailSchema } from '../auth/schemas'
import { UlidSchema } from '../ids'
import { PageSchema, pageQuery } from '../page'
import { changesSomething, nonBlank, safeName, singleLine, uniqueItems } from '../text'
import { timeZone } from '../time-zone'

/**
 * Campaigns (spec §2, §6, §7; TEAM and TEAM PLUS): one of the organization's templates sent through one of its
 * AWS connections to the contacts opted in to one or more topics.
 *
 * Status: `DRAFT → SCHEDULED → SENDING ⇄ PAUSED → SENT`, or `CANCELLED` from SCHEDULED, SENDING or PAUSED. Only DRAFT and
 * SCHEDULED campaigns can be edited; state changes go through `PATCH { action }` (see `CAMPAIGN_ACTIONS`).
 * While sending, the per-recipient ledger (`GET campaigns/{id}/recipients`) is the truth; `counts` sum it.
 */

export const CAMPAIGN_STATUSES = ['DRAFT', 'SCHEDULED', 'SENDING', 'PAUSED', 'SENT', 'CANCELLED'] as const
export const CampaignStatusSchema = z.enum(CAMPAIGN_STATUSES)
export type CampaignStatus = z.infer<typeof CampaignStatusSchema>

/**
 * State changes (`PATCH campaigns/{id} { action }`), each allowed from some statuses only (409
 * `campaigns.invalid_transition` otherwise):
 * - `schedule`: DRAFT → SCHEDULED at the campaign's `schedule.at` (set, in the future);
 * - `send`: DRAFT or SCHEDULED → SENDING now (pins the template's current version);
 * - `pause`: SENDING → PAUSED; `resume`: PAUSED → SENDING;
 * - `cancel`: SCHEDULED, SENDING or PAUSED → CANCELLED (nothing more is sent; a draft is deleted instead);
 * - `retryFailed`: SENDING or SENT with failed recipients → SENDING (re-queues only FAILED; 409 when none);
 * - `retryUnconfirmed`: SENDING or SENT with unconfirmed recipients → SENDING (re-queues only UNCONFIRMED, which
 *   may duplicate a message SES accepted without telling us; 409 when none).
 * A SCHEDULED campaign edited to `schedule: null` goes back to DRAFT.
 * `schedule` and `send` run the pre-flight's refusals first (409 `campaigns.preflight_refused`).
 */
export const CAMPAIGN_ACTIONS = [
  'schedule',
  'send',
  'pause',
  'resume',
  'cancel',
  'retryFailed',
  'retryUnconfirmed',
] as const
export const CampaignActionSchema = z.enum(CAMPAIGN_ACTIONS)
export type CampaignAction = z.infer<typeof CampaignActionSchema>

/**
 * The actions that send to contacts (or set a time to): they need `campaigns.send` (owners and admins), checked in
 * core whichever route asks. Pausing and cancelling stop sending: the route's own permission is enough.
 */
export const CAMPAIGN_SENDING_ACTIONS = [
  'schedule',
  'send',
  'resume',
  'retryFailed',
  'retryUnconfirmed',
] as const satisfies readonly CampaignAction[]

export const sendsToContacts = (action: CampaignAction): boolean =>
  (CAMPAIGN_SENDING_ACTIONS as readonly CampaignAction[]).includes(action)

export const CampaignNameSchema = safeName(nonBlank(z.string().trim().min(1).max(200)), 'A campaign name')

/** Sender: a verified identity of the campaign's AWS account (an address, or any address at a verified domain). */
export const CampaignSenderSchema = z
  .object({
    fromEmail: EmailSchema,
    /** The display name (`"Acme" <news@acme.com>`); empty for none. */
    fromName: safeName(z.string().trim().max(100), 'A sender name').default(''),
    replyTo: EmailSchema.nullable().default(null),
    /**
     * The sender's physical postal address (CAN-SPAM), as the template shows it: the pre-flight refuses to send
     * unless the template's visible HTML text and its text part contain it (spaces and case aside).
     */
    postalAddress: safeName(z.string().trim().max(300), 'A postal address').default(''),
  })
  .strict()
export type CampaignSender = z.infer<typeof CampaignSenderSchema>

/** A template variable name as Handlebars reads it from the data (`firstName`, `plan`, `company.name`). */
export const VariableNameSchema = z.string().regex(VARIABLE_NAME_PATTERN, {
  message:
    'A variable name is attribute names (letters, digits and _, not constructor, toString, …) dotted for nested values.',
})

export const MISSING_VARIABLE_DEFAULTS_MAX = 50
/**
 * What to do with a recipient whose data lacks a variable the template uses (SES would accept the send and drop
 * the message): `skip` them (SKIPPED, reason `missing_variable`), or fill each missing variable with its default
 * (an empty value for a variable given no default).
 */
export const MissingVariablesSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('skip') }).strict(),
  z
    .object({
      mode: z.literal('default'),
      values: z
        .record(VariableNameSchema, singleLine(z.string().max(1000), 'A default value'))
        .refine((values) => Object.keys(values).length <= MISSING_VARIABLE_DEFAULTS_MAX, {
          message: `At most ${MISSING_VARIABLE_DEFAULTS_MAX} default values.`,
        })
        .meta({ maxProperties: MISSING_VARIABLE_DEFAULTS_MAX }),
    })
    .strict(),
])
export type MissingVariables = z.infer<typeof MissingVariablesSchema>

export { isTimeZone } from '../time-zone'

/** When to send: an instant, and the IANA time zone the sender chose it in (for display). */
export const CampaignScheduleSchema = z
  .object({
    at: z.iso.datetime({ offset: true }).transform((at) => new Date(at).toISOString()),
    timeZone: timeZone(z.string().min(1).max(64)),
  })
  .strict()
export type CampaignSchedule = z.infer<typeof CampaignScheduleSchema>

/**
 * Why a campaign is paused: `paused_by_user`, or an account-level SES error (`account_sending_paused` …); on a
 * DRAFT, `schedule_refused`: why a scheduled start did not happen (the pre-flight refused it at its time).
 */
export const PauseReasonSchema = z.object({ code: z.string(), message: z.string(), at: z.iso.datetime() })
export type PauseReason = z.infer<typeof PauseReasonSchema>

/** The ledger's counts: `pending + sent + failed + skipped + unknown + unconfirmed = total` (claimed are pending). */
export const CampaignCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  unknown: z.number().int(),
  unconfirmed: z.number().int(),
})
export type CampaignCounts = z.infer<typeof CampaignCountsSchema>
export const EMPTY_CAMPAIGN_COUNTS: CampaignCounts = {
  total: 0,
  pending: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  unknown: 0,
  unconfirmed: 0,
}

export const CAMPAIGN_TOPICS_MAX = 20

export const CampaignSchema = z.object({
  id: UlidSchema,
  organizationId: UlidSchema,
  name: z.string(),
  /** One of the organization's AWS connections (ours, not the 12-digit number). */
  awsAccountId: UlidSchema,
  /** Null until chosen (a draft may be incomplete; schedule and send need it). */
  sender: CampaignSenderSchema.nullable(),
  templateId: UlidSchema.nullable(),
  /** The template version being sent, set when sending starts; null before. */
  pinnedVersion: z.number().int().nullable(),
  topicIds: z.array(UlidSchema),
  missingVariables: MissingVariablesSchema,
  schedule: CampaignScheduleSchema.nullable(),
  status: CampaignStatusSchema,
  pauseReason: PauseReasonSchema.nullable(),
  /** Sending waits for the account's daily quota until then (it continues by itself). */
  waitingUntil: z.iso.datetime().nullable(),
  counts: CampaignCountsSchema,
  /** Increases with every change (send it back as `version` on PATCH to refuse a stale edit). */
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
})
export type Campaign = z.infer<typeof CampaignSchema>

export const CampaignQuerySchema = z.object({ organizationId: UlidSchema }).strict()
export const CreateCampaignQuerySchema = z
  .object({ organizationId: UlidSchema, awsAccountId: UlidSchema })
  .strict()
export const CampaignIdParamsSchema = z.object({ id: UlidSchema }).strict()

export const CAMPAIGN_PAGE_SIZE = { default: 20, max: 100 } as const
/**
 * `GET campaigns`: newest first, a page at a time by cursor. `q` and `status` are read as filters over the
 * organization's campaign rows, a bounded number of rows a call (2,000): a page may come back short (even
 * empty) with a `nextCursor` when few rows match; follow it to read on.
 */
export const CampaignListQuerySchema = z
  .object({
    organizationId: UlidSchema,
    ...pageQuery(CAMPAIGN_PAGE_SIZE),
    /** The name contains it, case-insensitively. */
    q: singleLine(z.string().trim().max(200), 'The search').optional(),
    status: CampaignStatusSchema.optional(),
  })
  .strict()
export type CampaignListQuery = z.input<typeof CampaignListQuerySchema>

export const CampaignListSchema = PageSchema(CampaignSchema)
export type CampaignList = z.infer<typeof CampaignListSchema>

const topicIds = uniqueItems(z.array(UlidSchema).max(CAMPAIGN_TOPICS_MAX), 'Each topic once.')

export const CreateCampaignBodySchema = z
  .object({
    name: CampaignNameSchema,
    sender: CampaignSenderSchema.nullable().default(null),
    templateId: UlidSchema.nullable().default(null),
    topicIds: topicIds.default([]),
    missingVariables: MissingVariablesSchema.default({ mode: 'skip' }),
    schedule: CampaignScheduleSchema.nullable().default(null),
  })
  .strict()
export type CreateCampaignBody = z.input<typeof CreateCampaignBodySchema>

/** Edits (DRAFT and SCHEDULED only; a SCHEDULED campaign's new `schedule` moves its start). */
export const UpdateCampaignBodySchema = changesSomething(
  z
    .object({
      name: CampaignNameSchema.optional(),
      /** Another of the organization's AWS connections (the sender must be verified there). */
      awsAccountId: UlidSchema.optional(),
      sender: CampaignSenderSchema.nullable().optional(),
      templateId: UlidSchema.nullable().optional(),
      topicIds: topicIds.optional(),
      missingVariables: MissingVariablesSchema.optional(),
      schedule: CampaignScheduleSchema.nullable().optional(),
      /** The `version` read; refused with 409 `version.conflict` when the campaign changed since. */
      version: z.number().int().min(1).optional(),
    })
    .strict(),
)
export type UpdateCampaignBody = z.input<typeof UpdateCampaignBodySchema>

export const CampaignActionBodySchema = z
  .object({
    action: CampaignActionSchema,
    /** The `version` read; refused with 409 `version.conflict` when the campaign changed since. */
    version: z.number().int().min(1).optional(),
  })
  .strict()
export type CampaignActionBody = z.input<typeof CampaignActionBodySchema>

/** `PATCH campaigns/{id}`: edits, or one state change (`{ action }`). */
export const PatchCampaignBodySchema = z
  .union([CampaignActionBodySchema, UpdateCampaignBodySchema])
  .meta({ minProperties: 1 })
export type PatchCampaignBody = z.input<typeof PatchCampaignBodySchema>

export const isCampaignAction = (
  body: z.output<typeof PatchCampaignBodySchema>,
): body is CampaignActionBody => 'action' in body
