import * as z from 'zod'
import { UlidSchema } from '../ids'

/**
 * The public audience pages (spec §7 "Public unsubscribe"): every call carries the ids of a link we mailed and
 * its proof, `keyId` + `signature` (HMAC-SHA256 over the link's purpose and every id in it). A wrong, missing or
 * retired-key proof is a 403 `unsubscribe.invalid_signature` that says nothing about the ids.
 */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe'
/**
 * A test send's unsubscribe link (`/unsubscribe?test=1`): no contact and no proof, so a click on a test never
 * unsubscribes anyone; the page says the email was a test.
 */
export const TEST_UNSUBSCRIBE_PATH = `${UNSUBSCRIBE_PAGE_PATH}?test=1`
/** RFC 8058's `List-Unsubscribe-Post` value, and the form body the one-click POST carries. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click'
export const ONE_CLICK_PATH = '/api/contacts/unsubscribe/one-click'

const KeyIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'Expected the keyId of the link.' })
  .describe('Which signing key made the signature (keys rotate; old links keep working).')
const SignatureSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Expected the signature of the link.' })
  .describe('HMAC-SHA256 of the link (base64url, 43 characters).')

/** The topics a link was sent for: a comma-separated list of topic ids in the query (at most 20). */
export const TopicIdListSchema = z
  .string()
  .max(20 * 27)
  .regex(/^(?:[0-9A-HJKMNP-TV-Z]{26}(?:,[0-9A-HJKMNP-TV-Z]{26}){0,19})?$/, {
    message: 'Expected up to 20 topic ids, comma-separated.',
  })
  .transform((value) => (value === '' ? [] : value.split(',')))
  .pipe(z.array(UlidSchema).max(20))
  .describe('Topic ids, comma-separated.')

/** What a link names and its proof, as the page's address (and the one-click address) carries them. */
export const SignedLinkQuerySchema = z
  .object({
    organizationId: UlidSchema,
    contactId: UlidSchema,
    topicId: TopicIdListSchema.optional(),
    campaignId: UlidSchema.optional(),
    keyId: KeyIdSchema,
    signature: SignatureSchema,
  })
  .strict()
export type SignedLinkQuery = z.input<typeof SignedLinkQuerySchema>

const signedLinkBody = {
  organizationId: UlidSchema,
  contactId: UlidSchema,
  topicId: z
    .array(UlidSchema)
    .max(20)
    .optional()
    .describe('The topics of the link, as its address lists them.'),
  campaignId: UlidSchema.optional(),
  keyId: KeyIdSchema,
  signature: SignatureSchema,
}

export const UnsubscribeTopicStatusSchema = z.enum(['OPT_IN', 'OPT_OUT'])
/** What the page shows: `PENDING` while a double opt-in signup waits for the person's confirmation. */
export const UnsubscribeTopicDisplaySchema = z.enum(['OPT_IN', 'OPT_OUT', 'PENDING'])

export const UnsubscribeTopicSchema = z.object({
  id: UlidSchema,
  name: z.string(),
  description: z.string(),
  /** The contact's effective status (their own choice, else the topic's default). */
  status: UnsubscribeTopicDisplaySchema,
  /** One of the topics the link was sent for. */
  inLink: z.boolean(),
})

/** `GET contacts/unsubscribe`: what the page shows. The email is masked (`j•••@e•••.com`). */
export const UnsubscribePageSchema = z.object({
  /** The sender's display name; empty when the organization has none. */
  organizationName: z.string(),
  /** Who the page names as the sender: the organization's name, else the campaign's From name; empty for neither. */
  senderName: z.string(),
  maskedEmail: z.string(),
  unsubscribeAll: z.boolean(),
  topics: z.array(UnsubscribeTopicSchema),
})
export type UnsubscribePage = z.infer<typeof UnsubscribePageSchema>

/**
 * `POST contacts/unsubscribe` (spec body: contactId, organizationId, topicId, campaignId): unsubscribes from the
 * link's topics, or from everything when `all` is true or the link names no topic.
 */
export const UnsubscribeBodySchema = z
  .object({ ...signedLinkBody, all: z.boolean().optional().describe('Unsubscribe from every topic.') })
  .strict()
export type UnsubscribeBody = z.input<typeof UnsubscribeBodySchema>

/**
 * `POST contacts/unsubscribe/preferences`: the page's manage call. Sets the contact's own status per topic
 * (re-subscribing is the person's choice, so it lifts an unsubscribe) and the unsubscribe-from-everything flag.
 */
export const UpdatePreferencesBodySchema = z
  .object({
    ...signedLinkBody,
    topics: z
      .array(z.object({ id: UlidSchema, status: UnsubscribeTopicStatusSchema }).strict())
      .max(200)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
        message: 'Each topic once.',
      })
      .meta({ uniqueItems: true, description: 'Each topic id once.' }),
    unsubscribeAll: z.boolean().optional(),
  })
  .strict()
export type UpdatePreferencesBody = z.input<typeof UpdatePreferencesBodySchema>

/** RFC 8058 one-click answer: the same whether it changed something or was already done. */
export const OneClickResultSchema = z.object({ unsubscribed: z.literal(true) })
