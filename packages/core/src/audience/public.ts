/**
 * What other domains (and the other parts of the audience feature: import/export, unsubscribe and signup pages,
 * SES suppression, campaigns) may use of the audience. Repositories stay private to this folder.
 *
 * Every change of a contact's subscriptions goes through `changeSubscriptions` (or `upsertContacts` for imports,
 * `suppress` for bounces/complaints/the SES list): counters, the preference index, the consent trail and the
 * suppression rules are kept there, nowhere else.
 */
import type { Page, SuppressionReason, TopicCounts } from '@app/contracts'
import {
  lookUpAddresses,
  getContact as readContact,
  getContacts as readContacts,
  readCounters,
} from './contacts.repo'
import { type ContactPageQuery, pageContacts } from './list'
import type { ConsentOrigin, ContactRecord, TopicRecord } from './model'
import { saveContactChange } from './preferences'
import { getSyncState } from './suppression-sync.repo'
import { countsOf } from './topics'
import { getTopic as readTopic, listTopics as readTopics } from './topics.repo'
import { createContactRecord, type NewContact } from './upsert'

export {
  applyContactAction,
  type ContactAction,
  type ContactActionOutcome,
} from './campaign-actions'
export type { ContactPageQuery } from './list'
export {
  type ConsentOrigin,
  type ContactRecord,
  effectiveStatus,
  isBlocked,
  type SubscriptionChange,
  type SuppressionRecord,
  type TopicRecord,
} from './model'
export {
  type ChangeOptions,
  type ChangeResult,
  type ContactFields,
  changeSubscriptions,
} from './preferences'
export { type SuppressInput, suppress, suppressionOf } from './suppression'
export { countsOf, createTopicRecord } from './topics'
export type { NewContact } from './upsert'
export { type UpsertOptions, type UpsertResult, type UpsertRow, upsertContacts } from './upsert-batch'

/** A contact by id in the organization (undefined for another organization's id: never reveals it). */
export const getContact = (orgId: string, contactId: string): Promise<ContactRecord | undefined> =>
  readContact(orgId, contactId)

/** Contacts by id, consistent, in the order asked. */
export const getContacts = (orgId: string, contactIds: string[]) => readContacts(orgId, contactIds)

/** The contact holding an address (normalised: trimmed, lower-case), if any. */
export async function findContactByEmail(orgId: string, email: string): Promise<ContactRecord | undefined> {
  const contactId = (await lookUpAddresses(orgId, [email])).get(email)?.contactId
  return contactId ? readContact(orgId, contactId) : undefined
}

/** Suppressions that stop every message, transactional included (an unsubscribe stops marketing mail only). */
const UNDELIVERABLE = new Set<SuppressionReason>(['BOUNCED', 'COMPLAINED', 'SES_SUPPRESSION_LIST'])

/**
 * The addresses (normalised) that must get no mail at all, with why: suppressed in the organization for a bounce,
 * a complaint or the SES suppression list (the copy of the account-level list), by the address's entry or by its
 * contact's status. One batch read of the addresses, one of their contacts.
 */
export async function undeliverableAddresses(
  orgId: string,
  emails: string[],
): Promise<Map<string, SuppressionReason>> {
  const found = await lookUpAddresses(orgId, emails)
  const holders = [...found].flatMap(([email, { contactId }]) => (contactId ? [{ email, contactId }] : []))
  const contacts =
    holders.length > 0
      ? await readContacts(
          orgId,
          holders.map((holder) => holder.contactId),
        )
      : []
  const contactReason = new Map(
    holders.map((holder, index) => [holder.email, contacts[index]?.suppressed?.reason]),
  )
  const refused = new Map<string, SuppressionReason>()
  for (const [email, lookup] of found) {
    const reason = [lookup.suppression?.all?.reason, contactReason.get(email)].find(
      (candidate) => candidate !== undefined && UNDELIVERABLE.has(candidate),
    )
    if (reason) refused.set(email, reason)
  }
  return refused
}

/** Every topic of the organization, by name (those being deleted included: check `deleting`). */
export async function listTopics(orgId: string): Promise<TopicRecord[]> {
  const topics = await readTopics(orgId)
  return topics.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
}

/** The counts of each of these topics (those that exist), from the audience counters: one consistent read. */
export async function topicCounts(orgId: string, topicIds: string[]): Promise<Map<string, TopicCounts>> {
  const [topics, counters] = await Promise.all([readTopics(orgId), readCounters(orgId)])
  return new Map(
    topics
      .filter((topic) => topicIds.includes(topic.id))
      .map((topic) => [topic.id, countsOf(topic, counters)]),
  )
}

export const getTopic = (orgId: string, topicId: string): Promise<TopicRecord | undefined> =>
  readTopic(orgId, topicId)

/**
 * The contact for an address, created when missing (a signup: `source: { kind: 'signup' }`) with the fields
 * given; an existing contact is returned unchanged. Subscriptions are then changed with `changeSubscriptions`.
 */
export async function ensureContact(
  orgId: string,
  input: Omit<NewContact, 'subscriptions'>,
  origin: ConsentOrigin,
): Promise<ContactRecord> {
  const existing = await findContactByEmail(orgId, input.email)
  if (existing) return existing
  try {
    return (await createContactRecord(orgId, input, origin)).contact
  } catch (error) {
    const raced = await findContactByEmail(orgId, input.email)
    if (raced) return raced
    throw error
  }
}

/**
 * One page of contacts matching the `GET contacts` filters (exports stream through it: pass back `nextCursor`
 * with the same filters; a page may be partial). The cursor is signed for the organization and the filters.
 */
export const listContactsPage = (orgId: string, query: ContactPageQuery): Promise<Page<ContactRecord>> =>
  pageContacts(orgId, query)

/** Changes a contact's names and attributes (not subscriptions) as the importer or an API would. */
export const updateContactFields = (
  orgId: string,
  contactId: string,
  fields: { firstName?: string | null; lastName?: string | null; attributes?: Record<string, string> },
  origin: ConsentOrigin,
) => saveContactChange(orgId, contactId, { fields }, origin)

/** When the AWS account's suppression list was last copied in full (the last good run's start); null: never. */
export async function suppressionSyncedAt(orgId: string, awsAccountId: string): Promise<string | null> {
  return (await getSyncState(orgId, awsAccountId))?.lastGoodStartedAt ?? null
}
