import { type ContactRecord, effectiveStatus, listContactsPage, type TopicRecord } from '../audience/public'

/**
 * One page of a topic's campaign recipients: its contacts whose status is OPT_IN as SES reads it — an explicit
 * opt-in, or no choice of their own in a topic whose default is OPT_IN; never a blocked contact. The pre-flight's
 * count and the send's ledger both read through this, so the estimate and the send never disagree.
 */
export async function topicRecipientsPage(
  orgId: string,
  topic: TopicRecord,
  limit: number,
  cursor?: string,
): Promise<{ items: ContactRecord[]; nextCursor: string | null }> {
  const page = await listContactsPage(orgId, {
    topicId: topic.id,
    optIn: true,
    optInByDefault: true,
    limit,
    ...(cursor ? { cursor } : {}),
  })
  return {
    items: page.items.filter((contact) => effectiveStatus(contact, topic) === 'OPT_IN'),
    nextCursor: page.nextCursor ?? null,
  }
}
