import * as z from 'zod'
import { EmailSchema } from '../auth/schemas'
import { UlidSchema } from '../ids'
import { JobSummarySchema } from '../jobs/schemas'
import { PageSchema, pageQuery } from '../page'
import { changesSomething, nonBlank, safeName, singleLine, uniqueItems } from '../text'
import { AttributeNameSchema } from './attribute-names'
import {
  ConsentEntrySchema,
  OptStatusSchema,
  PreferenceStatusSchema,
  SuppressionReasonSchema,
  SuppressionSchema,
} from './schemas'

/** Contacts (spec §3 filter fields, §7 Contacts). The email is the contact's identity: it never changes. */

export const ContactNameSchema = safeName(z.string().trim().max(100), 'A name')
export const CONTACT_ATTRIBUTES_MAX = 50
export const ContactAttributesSchema = z
  .record(
    // Custom attribute names are usable as template variables (`{{plan}}`).
    AttributeNameSchema,
    singleLine(z.string().max(1000), 'An attribute value'),
  )
  .refine((attributes) => Object.keys(attributes).length <= CONTACT_ATTRIBUTES_MAX, {
    message: `At most ${CONTACT_ATTRIBUTES_MAX} attributes.`,
  })
  .meta({ maxProperties: CONTACT_ATTRIBUTES_MAX })
export type ContactAttributes = z.infer<typeof ContactAttributesSchema>

export const TopicPreferenceSchema = z.object({ topicId: UlidSchema, status: PreferenceStatusSchema })
export type TopicPreference = z.infer<typeof TopicPreferenceSchema>

/** Where the contact came from. */
export const ContactSourceSchema = z.object({
  kind: z.enum(['manual', 'api', 'import', 'signup', 'unsubscribe-page']),
  /** The import job that created it. */
  importId: z.string().optional(),
})
export type ContactSource = z.infer<typeof ContactSourceSchema>

export const ContactSchema = z.object({
  id: UlidSchema,
  organizationId: UlidSchema,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  /** Explicit preferences only (a topic missing here follows its default). */
  topicPreferences: z.array(TopicPreferenceSchema),
  unsubscribeAll: z.boolean(),
  /** Why the contact is suppressed from everything, if it is. */
  suppressed: z.object({ reason: SuppressionReasonSchema, at: z.iso.datetime() }).nullable(),
  source: ContactSourceSchema,
  /** Increases with every change (send it back as `version` on PATCH to refuse a stale edit). */
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Contact = z.infer<typeof ContactSchema>

/** One contact with, for every active topic, its effective status; its consent trail and suppression entry. */
export const ContactDetailSchema = ContactSchema.extend({
  subscriptions: z.array(
    z.object({
      topicId: UlidSchema,
      topicName: z.string(),
      /** Effective: OPT_OUT when unsubscribed from all or suppressed, else the preference, else the default. */
      status: PreferenceStatusSchema,
      /** The contact chose (false: the topic's default applies). */
      explicit: z.boolean(),
    }),
  ),
  /** The latest 100 entries, newest first. */
  trail: z.array(ConsentEntrySchema),
  suppression: SuppressionSchema.nullable(),
})
export type ContactDetail = z.infer<typeof ContactDetailSchema>

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true')

/**
 * `GET contacts` filters — SES `ListContacts` semantics (spec §3), exactly:
 * - `searchQuery`: the email OR the name (`firstName lastName`) begins with it, case-insensitively. Email
 *   matches come first (by email), then name-only matches (by name).
 * - `topicId` with at most one status: `optIn` (effective status OPT_IN), `optOut` (effective OPT_OUT),
 *   `pending` (waiting for a double opt-in confirmation). Without a status, any status matches.
 * - `optInByDefault` (SES `UseDefaultIfPreferenceUnavailable`): contacts with no explicit preference for the
 *   topic count as the topic's default status. Without it (the default, like SES), only explicit preferences
 *   match.
 * - `defaultStatus`: only contacts with no explicit preference for the topic (their status is the default).
 * - `unsubscribeAll`: true = only contacts unsubscribed from everything; false = only the others.
 * - `optIn`/`optOut`/`pending`/`optInByDefault`/`defaultStatus` need `topicId`; `=false` is the same as absent.
 * - `cursor` / `limit`: paging. Rows are ordered by email (then by name for name matches); `topicId` alone
 *   lists the topic's preferences grouped by effective status (OPT_IN, OPT_OUT, PENDING), by email within.
 *
 * How each combination reads (never a scan of the organization; the audience is sharded, each read queries
 * every shard in parallel and merges):
 * - index-backed (a full page of `limit` rows per call): no filter (the email index); `searchQuery` alone (the
 *   email index from the prefix, then the name index from the prefix); `topicId` alone, or with one status
 *   (`optIn`/`optOut`/`pending`) with or without `searchQuery`'s email prefix (a topic's preference index by
 *   effective status and email); `optInByDefault` where the default adds nobody (`optIn` on an OPT_OUT topic,
 *   `pending`); `defaultStatus` with `pending`, or with `optIn` on an OPT_OUT topic (always empty, answered at once).
 * - bounded filtered reads (a page may hold fewer than `limit` rows, even none, and still have a `nextCursor`:
 *   one call evaluates at most 4,000 index entries, then answers what it found): `unsubscribeAll`;
 *   `optInByDefault` and `defaultStatus` otherwise (the email index filtered on the contact's preference);
 *   `topicId` without a status together with `searchQuery`; the name half of `searchQuery` with a topic filter.
 */
/** The filter fields of `GET contacts` (semantics above), shared with the audience export. */
export const contactFilterFields = {
  organizationId: UlidSchema,
  searchQuery: singleLine(nonBlank(z.string().trim().min(1).max(254)), 'The search')
    .transform((value) => value.toLowerCase())
    .optional()
    .meta({ description: 'The email or the name (first last) begins with it, case-insensitively.' }),
  topicId: UlidSchema.optional(),
  optIn: booleanQuery.optional().meta({ description: 'With topicId: effective status OPT_IN.' }),
  optOut: booleanQuery.optional().meta({
    description: 'With topicId: effective status OPT_OUT (unsubscribed from all or suppressed included).',
  }),
  pending: booleanQuery
    .optional()
    .meta({ description: 'With topicId: waiting for a double opt-in confirmation.' }),
  optInByDefault: booleanQuery.optional().meta({
    description:
      'With topicId: contacts without an explicit preference count as the topic default (SES UseDefaultIfPreferenceUnavailable); otherwise only explicit preferences match.',
  }),
  defaultStatus: booleanQuery
    .optional()
    .meta({ description: 'With topicId: only contacts without an explicit preference for the topic.' }),
  unsubscribeAll: booleanQuery
    .optional()
    .meta({ description: 'true: only contacts unsubscribed from everything; false: only the others.' }),
}

const STATUS_FILTERS = ['optIn', 'optOut', 'pending'] as const
const TOPIC_FILTERS = [...STATUS_FILTERS, 'optInByDefault', 'defaultStatus'] as const
/** The query has `name=true`. */
const isTrue = (name: string) => ({ properties: { [name]: { const: 'true' } }, required: [name] })

/**
 * The filters' rules across fields (one status at most; statuses need a topic), and the same in JSON Schema over
 * the query's parameters: not two statuses `true`; `topicId`, or none of the topic filters `true`.
 */
export const consistentFilters = <S extends z.ZodType<Record<string, unknown>>>(schema: S) =>
  schema
    .refine((query) => [query.optIn, query.optOut, query.pending].filter(Boolean).length <= 1, {
      message: 'Choose at most one of optIn, optOut and pending.',
    })
    .refine(
      (query) =>
        query.topicId !== undefined ||
        ![query.optIn, query.optOut, query.pending, query.optInByDefault, query.defaultStatus].some(Boolean),
      { message: 'optIn, optOut, pending, optInByDefault and defaultStatus need a topicId.' },
    )
    .meta({
      description:
        'At most one of `optIn`, `optOut` and `pending` is true; `optIn`, `optOut`, `pending`, `optInByDefault` and `defaultStatus` true need `topicId`.',
      not: {
        anyOf: STATUS_FILTERS.flatMap((first, index) =>
          STATUS_FILTERS.slice(index + 1).map((second) => ({ allOf: [isTrue(first), isTrue(second)] })),
        ),
      },
      anyOf: [{ required: ['topicId'] }, { not: { anyOf: TOPIC_FILTERS.map(isTrue) } }],
    })

export const ContactListQuerySchema = consistentFilters(
  z.object({ ...contactFilterFields, ...pageQuery({ default: 50, max: 100 }) }).strict(),
)
/** The audience export: the same filters, no paging (it answers every match). */
export const ContactExportQuerySchema = consistentFilters(z.object(contactFilterFields).strict())
export type ContactListQuery = z.input<typeof ContactListQuerySchema>
export type ContactFilters = Omit<
  z.output<typeof ContactListQuerySchema>,
  'organizationId' | 'cursor' | 'limit'
>

export const ContactListSchema = PageSchema(ContactSchema)
export type ContactList = z.infer<typeof ContactListSchema>

/** `GET contacts/count`: the list's filters (no paging). */
export const ContactCountQuerySchema = ContactExportQuerySchema
export const ContactCountSchema = z.object({
  count: z.number().int().min(0).nullable().meta({
    description:
      'How many contacts match, from the audience counters: exact with no filter, and for topicId with one status (optIn, optOut or pending) and optInByDefault=true (the counts topics show). null for other filters, which only a full read could count.',
  }),
})
export type ContactCount = z.infer<typeof ContactCountSchema>

export const ContactQuerySchema = z.object({ organizationId: UlidSchema }).strict()
export const ContactIdParamsSchema = z.object({ id: UlidSchema }).strict()

export const topicPreferencesInput = <S extends z.ZodType>(status: S) =>
  z
    .array(z.object({ topicId: UlidSchema, status }).strict())
    .max(20)
    .refine((items) => new Set(items.map((item) => item.topicId)).size === items.length, {
      message: 'Each topic once.',
    })
    // Identical items share their topic; two statuses for one topic are refused too, which JSON Schema cannot say.
    .meta({ uniqueItems: true, description: 'Each topicId once.' })

export const CreateContactBodySchema = z
  .object({
    email: EmailSchema,
    firstName: ContactNameSchema.optional(),
    lastName: ContactNameSchema.optional(),
    attributes: ContactAttributesSchema.default({}),
    /** OPT_IN is refused (409 `contact.suppressed`) for a suppressed address or a topic the person left. */
    topicPreferences: topicPreferencesInput(OptStatusSchema).default([]),
    unsubscribeAll: z.boolean().default(false),
  })
  .strict()
export type CreateContactBody = z.input<typeof CreateContactBodySchema>

/**
 * Changes what is sent; `attributes` replaces them all; a topic's `status: null` removes the explicit preference
 * (the default applies again); other topics keep theirs. `version`, when sent, must be the current one (409
 * `version.conflict`). The email cannot change (delete and create instead).
 */
export const UpdateContactBodySchema = changesSomething(
  z
    .object({
      firstName: ContactNameSchema.nullable().optional(),
      lastName: ContactNameSchema.nullable().optional(),
      attributes: ContactAttributesSchema.optional(),
      topicPreferences: topicPreferencesInput(OptStatusSchema.nullable()).optional(),
      unsubscribeAll: z.boolean().optional(),
      version: z.number().int().min(1).optional(),
    })
    .strict(),
)
export type UpdateContactBody = z.input<typeof UpdateContactBodySchema>

/** Bulk changes run inline up to this many contacts, as a job beyond. */
export const BULK_INLINE_MAX = 100
export const BULK_MAX = 10_000

export const BulkContactsBodySchema = z
  .object({
    contactIds: uniqueItems(z.array(UlidSchema).min(1).max(BULK_MAX), 'Each contact once.'),
    action: z.discriminatedUnion('type', [
      z.object({ type: z.literal('delete') }).strict(),
      z
        .object({
          type: z.literal('topics'),
          topicPreferences: topicPreferencesInput(OptStatusSchema.nullable()).min(1, {
            message: 'Name at least one topic.',
          }),
        })
        .strict(),
    ]),
  })
  .strict()
export type BulkContactsBody = z.input<typeof BulkContactsBodySchema>

export const BulkResultSchema = z.object({
  succeeded: z.number().int(),
  /** Ids not found in the organization. */
  notFound: z.number().int(),
  /** Contacts whose subscription was refused because they are suppressed (their other changes were made). */
  suppressed: z.number().int(),
})
export type BulkResult = z.infer<typeof BulkResultSchema>

/** Up to `BULK_INLINE_MAX` contacts: done at once (`result`); more: a job (`job`; poll `GET jobs/{id}`). */
export const BulkContactsResultSchema = z.object({
  result: BulkResultSchema.nullable(),
  job: JobSummarySchema.nullable(),
})
export type BulkContactsResult = z.infer<typeof BulkContactsResultSchema>
