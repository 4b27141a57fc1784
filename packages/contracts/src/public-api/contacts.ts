import * as z from 'zod'
import {
  ContactAttributesSchema,
  ContactDetailSchema,
  ContactNameSchema,
  ContactSchema,
  consistentFilters,
  contactFilterFields,
  topicPreferencesInput,
} from '../audience/contacts'
import { OptStatusSchema } from '../audience/schemas'
import { EmailSchema } from '../auth/schemas'
import { UlidSchema } from '../ids'
import { PageSchema, pageQuery } from '../page'

/**
 * Contacts on the public API (`/api/v1/contacts`), for the API key's own organization. A contact is upserted by
 * its email (the contact's identity, trimmed and lower-cased); every subscription change is recorded on its consent
 * trail with the source `api` and the key that made it, under the audience's rules: an address suppressed (bounced,
 * complained, unsubscribed by the person) or a topic the person left is never subscribed by the API.
 */

/** A contact as the public API answers it (the organization is the key's). */
export const PublicContactSchema = ContactSchema.omit({ organizationId: true })
export type PublicContact = z.infer<typeof PublicContactSchema>

/** One contact with its effective subscription to every topic, its consent trail and suppression. */
export const PublicContactDetailSchema = ContactDetailSchema.omit({ organizationId: true })
export type PublicContactDetail = z.infer<typeof PublicContactDetailSchema>

/**
 * One contact to upsert. A new address is created with these fields; an existing contact keeps what the item
 * leaves out: the names sent replace its names, the attributes sent are set (its other attributes kept), each
 * topic sent gets that status (its other topics keep theirs), and `unsubscribeAll` is set when sent.
 */
export const PublicContactUpsertSchema = z
  .object({
    email: EmailSchema,
    firstName: ContactNameSchema.optional(),
    lastName: ContactNameSchema.optional(),
    attributes: ContactAttributesSchema.optional(),
    /** OPT_IN is skipped (the result says `suppressed: true`) for a suppressed address or a topic the person left. */
    topicPreferences: topicPreferencesInput(OptStatusSchema).optional(),
    unsubscribeAll: z.boolean().optional(),
  })
  .strict()
export type PublicContactUpsert = z.input<typeof PublicContactUpsertSchema>

export const UPSERT_OUTCOMES = ['created', 'updated', 'unchanged'] as const
export const UpsertOutcomeSchema = z.enum(UPSERT_OUTCOMES)

/** `POST /api/v1/contacts`: what became of the contact, and the contact as it now is. */
export const PublicContactUpsertResultSchema = z.object({
  status: UpsertOutcomeSchema,
  /** A subscription the item asked for was skipped: the address is suppressed or the person left that topic. */
  suppressed: z.boolean(),
  contact: PublicContactSchema,
})
export type PublicContactUpsertResult = z.infer<typeof PublicContactUpsertResultSchema>

/** Most contacts in one `POST /api/v1/contacts/batch`. */
export const CONTACT_BATCH_MAX = 1000

/** A batch item that is not a valid contact: where and why (the batch answers it `failed`, the others go on). */
export interface InvalidBatchItem {
  invalid: { field: string; message: string }
  /** The item's `email` as sent, when it is text. */
  sent: string | null
}

/**
 * A batch item is checked on its own: an invalid one becomes an `InvalidBatchItem` (the document states the
 * item's schema; the handler answers that item `failed` with `request.invalid` and writes the others).
 */
const BatchItemSchema = PublicContactUpsertSchema.catch((ctx) => {
  const issue = ctx.error.issues[0]
  const email = (ctx.input as { email?: unknown } | null)?.email
  const invalid: InvalidBatchItem = {
    invalid: { field: (issue?.path ?? []).map(String).join('.'), message: issue?.message ?? 'is invalid' },
    sent: typeof email === 'string' ? email : null,
  }
  // The output type stays the item's for the client's sake; core tells the two apart (`isInvalidBatchItem`).
  return invalid as unknown as z.output<typeof PublicContactUpsertSchema>
}).meta({
  description:
    'A contact to upsert, as `POST /api/v1/contacts` takes it. Each item is checked on its own: an invalid one is answered `failed` with `request.invalid` naming the field, and the others are written.',
})

export const isInvalidBatchItem = (item: unknown): item is InvalidBatchItem =>
  typeof item === 'object' && item !== null && 'invalid' in item

export const PublicContactBatchBodySchema = z
  .object({
    contacts: z.array(BatchItemSchema).min(1).max(CONTACT_BATCH_MAX),
  })
  .strict()
export type PublicContactBatchBody = z.input<typeof PublicContactBatchBodySchema>

/** One item's result, at its index in the request. */
export const PublicContactBatchItemSchema = z.object({
  index: z.number().int(),
  /** The address as normalised (as sent when the item is not a valid one). */
  email: z.string().nullable(),
  status: z.enum([...UPSERT_OUTCOMES, 'failed']),
  /** The contact's id (every status but `failed`). */
  id: UlidSchema.optional(),
  suppressed: z.boolean(),
  /** Why the item failed: `request.invalid` (naming the field), `contact.limit_reached`, `topic.not_found` … */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
})
export type PublicContactBatchItem = z.infer<typeof PublicContactBatchItemSchema>

export const PublicContactBatchResultSchema = z.object({
  /** One per item, in the request's order. */
  results: z.array(PublicContactBatchItemSchema),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int(),
  }),
})
export type PublicContactBatchResult = z.infer<typeof PublicContactBatchResultSchema>

const { organizationId: _organizationId, ...publicFilterFields } = contactFilterFields
/** `GET /api/v1/contacts`: the dashboard's filters (SES ListContacts semantics) and paging. */
export const PublicContactListQuerySchema = consistentFilters(
  z.object({ ...publicFilterFields, ...pageQuery({ default: 50, max: 100 }) }).strict(),
)
export type PublicContactListQuery = z.input<typeof PublicContactListQuerySchema>
export const PublicContactListSchema = PageSchema(PublicContactSchema)
export type PublicContactList = z.infer<typeof PublicContactListSchema>

/**
 * `{id}`: the contact's id, or its email address (URL-encoded: `ada%40example.com`). An address is looked up as
 * upserts store it (trimmed, lower-cased).
 */
export const PublicContactParamsSchema = z
  .object({
    id: z.union([UlidSchema, EmailSchema]).meta({
      description: 'The contact’s id, or its email address (URL-encoded).',
    }),
  })
  .strict()

/** Per topic OPT_IN or OPT_OUT, or null to drop the explicit preference (the topic's default applies again). */
export const PublicSubscriptionsBodySchema = z
  .object({
    topicPreferences: topicPreferencesInput(OptStatusSchema.nullable()).min(1, {
      message: 'Name at least one topic.',
    }),
  })
  .strict()
export type PublicSubscriptionsBody = z.input<typeof PublicSubscriptionsBodySchema>
