/** Audience: topics and contacts. */
export const AUDIENCE_ERROR_STATUS = {
  'topic.not_found': 404,
  'topic.name_exists': 409,
  /** An organization has at most `TOPICS_MAX` topics (SES allows 20 per contact list). */
  'topic.limit_reached': 409,
  /** The topic is being deleted: its preferences are going in the background. */
  'topic.deleting': 409,
  'contact.not_found': 404,
  /** Emails are unique in an organization (normalised: trimmed, lower-case). */
  'contact.email_exists': 409,
  /** An organization has at most `CONTACTS_MAX` contacts. */
  'contact.limit_reached': 409,
  /**
   * The change would subscribe a suppressed contact (bounced, complained, unsubscribed by the person, or on the
   * AWS account's suppression list) or re-subscribe a topic the person left: only the person can, from the
   * preference page or by confirming a signup.
   */
  'contact.suppressed': 409,
} as const
