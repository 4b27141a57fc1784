import { type ConsentSourceKind, isPersonSource, type Principal } from '@app/contracts'
import type { NamedItem } from '../db/transact'
import { newEvent, outboxPut } from '../events/outbox'
import { wantsEvent } from '../webhooks/wanted'
import { type ConsentOrigin, type ContactRecord, effectiveStatus, isBlocked, type TopicRecord } from './model'

/**
 * `contact.subscribed` / `contact.unsubscribed`: what a change did to a contact's effective subscriptions, written
 * in the change's own transaction (`commitContact`, `commitNewContacts`). A subscription is a topic whose effective
 * status is OPT_IN (PENDING is not: a signup awaiting confirmation).
 */

/** Sources that change contacts by the thousand: their events only while a webhook endpoint wants them. */
const BULK_SOURCES = new Set<ConsentSourceKind>([
  'import',
  'bulk',
  'campaign-action',
  'bounce',
  'complaint',
  'ses-suppression-list',
])

type SubscriptionEventType = 'contact.subscribed' | 'contact.unsubscribed'

/** Whether a change from `source` may write events of `type` (bulk sources: only while an endpoint wants it). */
export async function mayAnnounce(
  orgId: string,
  source: ConsentSourceKind,
  type: SubscriptionEventType,
): Promise<boolean> {
  // A topic's deletion is reported by `topic.deleted`, not once per contact it removes.
  if (source === 'topic-deleted') return false
  return BULK_SOURCES.has(source) ? wantsEvent(orgId, type) : true
}

/** Who made the change: the member, key or platform recorded on the origin, or the person through their link. */
function actorOf(origin: ConsentOrigin, contactId: string): Principal {
  if (origin.by) return origin.by
  if (origin.source === 'signup' || origin.source === 'signup-confirmation')
    return { type: 'token', proof: 'signup', subject: contactId }
  if (isPersonSource(origin.source)) return { type: 'token', proof: 'unsubscribe', subject: contactId }
  return { type: 'system', name: `audience.${origin.source}` }
}

export interface SubscriptionMove {
  orgId: string
  before: ContactRecord | null
  after: ContactRecord | null
  topics: TopicRecord[]
  origin: ConsentOrigin
}

/**
 * The outbox items announcing a change (none when no subscription moved, or the change is a deletion): topics
 * whose effective status became OPT_IN, and topics that left OPT_IN or an unsubscribe-all / suppression that began.
 */
export function subscriptionEventItems(
  move: SubscriptionMove,
  allowed: Record<SubscriptionEventType, boolean>,
): NamedItem[] {
  const { before, after, origin } = move
  if (!after) return []
  const subscribed: string[] = []
  const left: string[] = []
  for (const topic of move.topics) {
    if (topic.deleting) continue
    const was = before ? effectiveStatus(before, topic) === 'OPT_IN' : false
    const is = effectiveStatus(after, topic) === 'OPT_IN'
    if (is && !was) subscribed.push(topic.id)
    if (was && !is) left.push(topic.id)
  }
  const blocked = before !== null && isBlocked(after) && !isBlocked(before)
  const base = { contactId: after.id, email: after.email, source: origin.source }
  const actor = actorOf(origin, after.id)
  const items: NamedItem[] = []
  if (allowed['contact.subscribed'] && subscribed.length > 0)
    items.push(
      outboxPut(newEvent('contact.subscribed', move.orgId, { ...base, topicIds: subscribed }, actor)),
    )
  if (allowed['contact.unsubscribed'] && (left.length > 0 || blocked))
    items.push(
      outboxPut(
        newEvent(
          'contact.unsubscribed',
          move.orgId,
          {
            ...base,
            topicIds: left,
            all: isBlocked(after),
            suppressed: after.suppressed?.reason ?? null,
            campaignId: origin.campaignId ?? null,
          },
          actor,
        ),
      ),
    )
  return items
}
