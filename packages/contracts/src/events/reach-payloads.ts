import * as z from 'zod'

/**
 * Payloads of the catalog's reach events — contacts' subscriptions, campaigns' ends, messages' fates — kept beside
 * the catalog (`catalog.ts`) so its table stays one screen. They never carry secrets: a webhook endpoint and the
 * audit log show them whole.
 */

const subscriptionFields = {
  contactId: z.string().min(1),
  email: z.string().min(1),
  /** Topics whose effective status moved: to OPT_IN (subscribed), or away from it (unsubscribed). */
  topicIds: z.array(z.string().min(1)),
  /**
   * Who or what made the change, as the consent trail names it: `manual` (the dashboard), `api`, `import`,
   * `bulk`, `signup-confirmation` (a confirmed form signup), `preference-page`, `unsubscribe-page`, `one-click`
   * (the mailbox's unsubscribe button), `bounce`, `complaint`, `ses-suppression-list`, `campaign-action`.
   */
  source: z.string().min(1),
}

export const ContactSubscribedSchema = z.object(subscriptionFields)

export const ContactUnsubscribedSchema = z.object({
  ...subscriptionFields,
  /** Unsubscribed from everything (the person's unsubscribe-all, or a suppression). */
  all: z.boolean(),
  /** Why the address is suppressed, when that is what ended the subscriptions. */
  suppressed: z.enum(['UNSUBSCRIBED', 'BOUNCED', 'COMPLAINED', 'SES_SUPPRESSION_LIST']).nullable(),
  /** The campaign whose signed link the person used, if any. */
  campaignId: z.string().min(1).nullable(),
})

export const CampaignFinishedSchema = z.object({
  campaignId: z.string().min(1),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  /** The ledger at the end: every recipient sent, failed, skipped or unconfirmed (none pending). */
  counts: z.object({
    total: z.number().int().nonnegative(),
    sent: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    skipped: z.number().int().nonnegative(),
    unconfirmed: z.number().int().nonnegative(),
  }),
})

const messageFields = {
  /** SES's message id (the message log's). */
  messageId: z.string().min(1),
  /** The campaign the message was sent for; null: a transactional message (`transactional: true`). */
  campaignId: z.string().min(1).nullable(),
  transactional: z.boolean(),
  /** The campaign's recipient; null for transactional mail. */
  contactId: z.string().min(1).nullable(),
  /** The recipient's address the event is about. */
  email: z.string(),
  awsAccountId: z.string().min(1),
  sentAt: z.iso.datetime(),
  /** SES's own words for the event (the message log's detail), at most 500 characters. */
  detail: z.string().nullable(),
}

export const MessageDeliveredSchema = z.object(messageFields)
export const MessageOpenedSchema = z.object({
  ...messageFields,
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
})
export const MessageClickedSchema = z.object({ ...messageFields, link: z.string() })
export const MessageBouncedSchema = z.object({
  ...messageFields,
  /** `Permanent` (hard: the address is suppressed), `Transient` or `Undetermined`. */
  bounceType: z.string(),
  bounceSubType: z.string(),
})
export const MessageComplainedSchema = z.object({
  ...messageFields,
  /** The feedback report's type (`abuse`, …) when the mailbox provider gave one. */
  complaintType: z.string().nullable(),
})
