import * as z from 'zod'
import { UlidSchema } from '../ids'
import { PageSchema } from '../page'
import { PrincipalSchema } from '../principal'
import { nonBlank, safeName, wellFormedText } from '../text'

/**
 * Audience (spec §2, §3, §7; TEAM and TEAM PLUS): topics and contacts with the semantics of SES contact lists,
 * stored in our table per organization.
 *
 * - A **topic** has a default subscription status (`OPT_IN` or `OPT_OUT`) for contacts that never chose, and may
 *   require confirmation (`doubleOptIn`: a signup stays `PENDING` until the person confirms by email).
 * - A **contact** may hold an explicit preference per topic (`OPT_IN`, `OPT_OUT`, or `PENDING` while a
 *   double opt-in waits), `unsubscribeAll`, and a suppression (bounced, complained, unsubscribed by the person,
 *   on the AWS account's suppression list).
 * - The **effective status** of a contact for a topic: `OPT_OUT` when the contact is unsubscribed from everything
 *   or suppressed; else its explicit preference; else the topic's default. Only `OPT_IN` is ever mailed; a
 *   `PENDING` contact is never counted subscribed nor mailed.
 */

/** Most topics per organization (SES allows 20 topics per contact list). */
export const TOPICS_MAX = 20
/** Most contacts per organization. */
export const CONTACTS_MAX = 1_000_000

export const OPT_STATUSES = ['OPT_IN', 'OPT_OUT'] as const
export const OptStatusSchema = z.enum(OPT_STATUSES)
export type OptStatus = z.infer<typeof OptStatusSchema>

/** An explicit preference, or an effective status: `PENDING` waits for the person's confirmation. */
export const PREFERENCE_STATUSES = ['OPT_IN', 'OPT_OUT', 'PENDING'] as const
export const PreferenceStatusSchema = z.enum(PREFERENCE_STATUSES)
export type PreferenceStatus = z.infer<typeof PreferenceStatusSchema>

export const TopicNameSchema = safeName(nonBlank(z.string().trim().min(1).max(100)), 'A topic name')
export const TopicDescriptionSchema = wellFormedText(z.string().trim().max(500), 'The description')

/**
 * Counts of the organization's contacts for the topic, by effective status, kept exact under concurrent writes
 * (sharded counters updated in each change's transaction): `subscribed + unsubscribed + pending = total`.
 */
export const TopicCountsSchema = z.object({
  subscribed: z.number().int(),
  unsubscribed: z.number().int(),
  pending: z.number().int(),
  total: z.number().int(),
})
export type TopicCounts = z.infer<typeof TopicCountsSchema>

export const TopicSchema = z.object({
  id: UlidSchema,
  organizationId: UlidSchema,
  name: z.string(),
  /** Shown on the preference page. */
  description: z.string(),
  defaultSubscriptionStatus: OptStatusSchema,
  /** Signups must be confirmed by the person (double opt-in); they stay `PENDING` until then. */
  doubleOptIn: z.boolean(),
  counts: TopicCountsSchema,
  /** `deleting`: its preferences are being removed by a job; it takes no new subscription. */
  status: z.enum(['active', 'deleting']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Topic = z.infer<typeof TopicSchema>

/** Every topic of the organization, by name, in one page (`nextCursor` always null: at most `TOPICS_MAX`). */
export const TopicListSchema = PageSchema(TopicSchema)
export type TopicList = z.infer<typeof TopicListSchema>

export const TopicQuerySchema = z.object({ organizationId: UlidSchema }).strict()
export const TopicIdParamsSchema = z.object({ id: UlidSchema }).strict()

const doubleOptInNeedsOptOut = {
  message: 'A double opt-in topic defaults to OPT_OUT: contacts are subscribed only once they confirm.',
}
/** The same rule in JSON Schema: not both `doubleOptIn: true` and `defaultSubscriptionStatus: OPT_IN`. */
const doubleOptInNeedsOptOutSchema = {
  not: {
    properties: { doubleOptIn: { const: true }, defaultSubscriptionStatus: { const: 'OPT_IN' } },
    required: ['doubleOptIn', 'defaultSubscriptionStatus'],
  },
}

export const CreateTopicBodySchema = z
  .object({
    /** Unique in the organization, case-insensitively. */
    name: TopicNameSchema,
    description: TopicDescriptionSchema.default(''),
    defaultSubscriptionStatus: OptStatusSchema.default('OPT_OUT'),
    doubleOptIn: z.boolean().default(false),
  })
  .strict()
  .refine(
    (body) => !(body.doubleOptIn && body.defaultSubscriptionStatus === 'OPT_IN'),
    doubleOptInNeedsOptOut,
  )
  .meta(doubleOptInNeedsOptOutSchema)
export type CreateTopicBody = z.input<typeof CreateTopicBodySchema>

export const UpdateTopicBodySchema = z
  .object({
    name: TopicNameSchema.optional(),
    description: TopicDescriptionSchema.optional(),
    /** Changes the effective status of every contact without an explicit preference (counts follow at once). */
    defaultSubscriptionStatus: OptStatusSchema.optional(),
    doubleOptIn: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' })
  .refine(
    (body) => !(body.doubleOptIn && body.defaultSubscriptionStatus === 'OPT_IN'),
    doubleOptInNeedsOptOut,
  )
  .meta({ minProperties: 1, ...doubleOptInNeedsOptOutSchema })
export type UpdateTopicBody = z.input<typeof UpdateTopicBodySchema>

/**
 * Who or what changed a contact's subscriptions. The person's own acts (`unsubscribe-page`, `one-click`,
 * `preference-page`, `signup-confirmation`) may re-subscribe a suppressed contact; nothing else can.
 * `signup` is not the person's proof (anyone can type an address into a form): it only makes a contact `PENDING`.
 */
export const CONSENT_SOURCES = [
  'manual',
  'api',
  'import',
  'bulk',
  'unsubscribe-page',
  'one-click',
  'preference-page',
  'signup',
  'signup-confirmation',
  'bounce',
  'complaint',
  'ses-suppression-list',
  'topic-deleted',
  /** An audience action of a campaign's report (its `campaignId` and `jobId` are on the entry). */
  'campaign-action',
] as const
export const ConsentSourceKindSchema = z.enum(CONSENT_SOURCES)
export type ConsentSourceKind = z.infer<typeof ConsentSourceKindSchema>
export const PERSON_SOURCES = [
  'unsubscribe-page',
  'one-click',
  'preference-page',
  'signup-confirmation',
] as const satisfies readonly ConsentSourceKind[]
export const isPersonSource = (source: ConsentSourceKind) =>
  (PERSON_SOURCES as readonly ConsentSourceKind[]).includes(source)

/** One entry of a contact's consent trail: kept for every change, newest first when read. */
export const ConsentEntrySchema = z.object({
  at: z.iso.datetime(),
  source: ConsentSourceKindSchema,
  /** Who made a manual, bulk, import or API change (a user, an API key, the platform); null for the person's own. */
  by: PrincipalSchema.nullable(),
  changes: z.array(
    z.object({
      topicId: UlidSchema,
      from: PreferenceStatusSchema.nullable(),
      to: PreferenceStatusSchema.nullable(),
    }),
  ),
  unsubscribeAll: z.object({ from: z.boolean(), to: z.boolean() }).optional(),
  /** Suppressed or released (bounce, complaint, the person's act). */
  suppression: z.object({ from: z.string().nullable(), to: z.string().nullable() }).optional(),
  campaignId: z.string().optional(),
  importId: z.string().optional(),
  jobId: z.string().optional(),
  /** Where the person's request came from (public pages): IP address and user agent, as received. */
  ip: z.string().optional(),
  userAgent: z.string().optional(),
})
export type ConsentEntry = z.infer<typeof ConsentEntrySchema>

/**
 * Why an address is suppressed in the organization. The entry outlives the contact: deleting and re-creating or
 * re-importing the address leaves it suppressed.
 */
export const SUPPRESSION_REASONS = ['UNSUBSCRIBED', 'BOUNCED', 'COMPLAINED', 'SES_SUPPRESSION_LIST'] as const
export const SuppressionReasonSchema = z.enum(SUPPRESSION_REASONS)
export type SuppressionReason = z.infer<typeof SuppressionReasonSchema>

export const SuppressionSchema = z.object({
  /** Suppressed from everything (null when only some topics were left). */
  all: z
    .object({
      reason: SuppressionReasonSchema,
      at: z.iso.datetime(),
      source: ConsentSourceKindSchema,
      detail: z.string().optional(),
    })
    .nullable(),
  /** Topics the person left one by one: never re-subscribed but by the person. */
  topicOptOuts: z.array(UlidSchema),
  updatedAt: z.iso.datetime(),
})
export type Suppression = z.infer<typeof SuppressionSchema>
