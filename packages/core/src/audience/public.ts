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
/** Reads other parts use: a contact by address, the topics by name; and a signup's contact, created when missing. */
export { ensureContact, findContactByEmail, listTopics } from './reads'
export { type SuppressInput, suppress, suppressionOf } from './suppression'
export { countsOf, createTopicRecord } from './topics'
/** The public API's contacts and topics (the public-audience function). */
export {
  createPublicTopic,
  getPublicTopic,
  listPublicTopics,
  updatePublicTopic,
} from './topics-v1'
export type { NewContact } from './upsert'
export { type UpsertOptions, type UpsertResult, type UpsertRow, upsertContacts } from './upsert-batch'
export {
  deletePublicContact,
  getPublicContact,
  listPublicContacts,
  unsubscribePublicContact,
  updatePublicContactSubscriptions,
  upsertPublicContact,
  upsertPublicContacts,
} from './v1'

/** A contact by id in the organization (undefined for another organization's id: never reveals it). */
export const getContact = (orgId: string, contactId: string): Promise<ContactRecord | undefined> =>
  readContact(orgId, contactId)

/** Contacts by id, consistent, in the order asked. */
export const getContacts = (orgId: string, contactIds: string[]) => readContacts(orgId, contactIds)

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
/** The contacts' services (`Contacts.…` in the functions). */
export * as Contacts from './contacts'
/** Contacts as an export's source (`export-sources.ts` names every source). */
export { contactsSource } from './export/contacts-source'
/** Contact exports (`Exports.…` in the contact-transfer function): answered inline when small, else in slices. */
export * as Exports from './export/exports'
export { type ExportAnswer, exportRows, type InlineLimits } from './export/exports'
/** One slice of an export's work (the contact-transfer worker). */
export { runExportSlice } from './export/run'
/** What an export reads its rows from (contacts, a campaign's recipients). */
export type { ExportParams, ExportSource, ExportSources } from './export/source'
/** Writes a batch of imported rows (the contact-transfer worker). */
export { writeImportRows } from './import/contact-writer'
/** Contact imports (`Imports.…` in the contact-transfer function) and the transfer queue's message. */
export * as Imports from './import/imports'
export { enqueueTransfer, TransferMessageSchema } from './import/imports'
/** One slice of an import's work (the contact-transfer worker). */
export { runImportSlice } from './import/run'
/** The audience's jobs (`AudienceJobs.…` in the jobs worker). */
export * as AudienceJobs from './jobs'
/** A bounce or complaint from SES, recorded on the contact (the SES monitoring events worker). */
export { markFromSesEvent } from './ses-feedback'
/** The schedule of the SES suppression list sync (`SuppressionSchedule.…`). */
export * as SuppressionSchedule from './suppression-schedule'
/** The copy of an AWS account's SES suppression list (`SuppressionSync.…`). */
export * as SuppressionSync from './suppression-sync'
/** The topics' services (`Topics.…` in the functions). */
export * as Topics from './topics'
/** The RFC 8058 one-click headers and the unsubscribe page's link of a marketing message (the campaign engine). */
export { listUnsubscribeHeaders, unsubscribePageUrl } from './unsubscribe/headers'
/** The public unsubscribe (the unsubscribe function): the page's data, one-click, a recipient's preferences. */
export {
  oneClickPageLocation,
  oneClickUnsubscribe,
  type RequestOrigin,
  unsubscribe,
  unsubscribePage,
  updatePreferences,
} from './unsubscribe/preferences'
/** The public signup form and its confirmation (the unsubscribe function). */
export { confirmSignup, signUp, signUpByForm, signupForm } from './unsubscribe/signup'
