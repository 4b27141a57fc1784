import { campaignMailedKey } from '../db/keys'
import { clearMark, markOnce } from '../platform/once'

/** Longer than any redelivery of an outbox event (its claims are kept for less). */
const MARK_TTL_SECONDS = 30 * 24 * 3600

/**
 * Marks `accountId` as mailed about the event: true when this call made the mark (mail now), false when an
 * earlier handling of the same event already did (a redelivery: do not mail again).
 */
export function markMailed(orgId: string, eventId: string, accountId: string, now = Date.now()) {
  return markOnce(campaignMailedKey(orgId, eventId, accountId), {
    entity: 'CampaignMailed',
    ttlSeconds: MARK_TTL_SECONDS,
    now,
  })
}

/** Takes the mark back (the mail could not be sent): the retry mails again. */
export async function unmarkMailed(orgId: string, eventId: string, accountId: string): Promise<void> {
  await clearMark(campaignMailedKey(orgId, eventId, accountId))
}
