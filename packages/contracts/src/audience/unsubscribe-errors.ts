/** The public unsubscribe, preference and signup pages. */
export const UNSUBSCRIBE_ERROR_STATUS = {
  /** A link whose signature is missing, wrong, of another contact, or of a key no longer in the set. */
  'unsubscribe.invalid_signature': 403,
  /** A correctly signed link whose contact was deleted since (only a link we signed can learn this). */
  'unsubscribe.contact_gone': 404,
  /** A signup to a topic that does not exist (or is being deleted) in that organization. */
  'signup.topic_not_found': 404,
} as const
