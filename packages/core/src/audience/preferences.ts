import { deleteAll } from '../db/batch'
import { TransactionFailed, transact } from '../db/transact'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import { getContact, getSuppression, trailKeys } from './contacts.repo'
import type {
  ConsentOrigin,
  ContactRecord,
  SubscriptionChange,
  SuppressionRecord,
  TopicRecord,
} from './model'
import { type freshContact, resolveChange, trailEntry } from './rules'
import { mayAnnounce, subscriptionEventItems } from './subscription-events'
import { listTopics } from './topics.repo'
import { type ContactWrite, contactsWriteItems, contactWriteItems } from './writes'

/**
 * THE one writer of a contact's subscriptions (and of the contact item itself): every caller — the API, imports,
 * bulk jobs, unsubscribe pages, signups, bounces — goes through `commitContact`, which keeps the counters exact
 * (the contact's version condition makes the before-state exact; the counter ADD is in the same transaction),
 * files the preference index, appends the consent trail, and enforces suppression:
 * - nobody but the person (`PERSON_SOURCES`) subscribes an address that is suppressed (bounced, complained,
 *   unsubscribed from everything by the person, on the SES list), re-subscribes a topic the person left, or
 *   clears an unsubscribe-all the person made; `signup` may only make a contact PENDING, and not for a bounced,
 *   complained or SES-suppressed address;
 * - the person's OPT_IN (a preference page, a confirmed signup) lifts the suppression and unsubscribe-all; the
 *   person's OPT_OUT of a topic and unsubscribe-all are kept in the suppression entry, which outlives the contact.
 */

export interface ChangeResult {
  contact: ContactRecord
  /** Topics whose subscription was refused because of a suppression (with `onSuppressed: 'skip'`). */
  refused: string[]
  changed: boolean
}

export type { freshContact, resolveChange, trailEntry }

export interface ChangeOptions {
  /** `refuse` (default): 409 `contact.suppressed`; `skip`: leave those topics as they are, report them. */
  onSuppressed?: 'refuse' | 'skip'
  /** 409 `version.conflict` unless the contact is at this version. */
  expectedVersion?: number
  /** The organization's topics when the caller already read them (imports: once per batch). */
  topics?: TopicRecord[]
  /** The counter shard of the caller's writer lane (imports), so its concurrent writes never conflict. */
  counterShard?: number
}

export interface ContactFields {
  firstName?: string | null
  lastName?: string | null
  attributes?: Record<string, string>
}

const MAX_ATTEMPTS = 6

const activeIds = (topics: TopicRecord[]) =>
  new Set(topics.filter((topic) => !topic.deleting).map((topic) => topic.id))

/** The change opts the contact out of everything or of a topic it was not opted out of. */
function unsubscribed(before: ContactRecord | null, after: ContactRecord): boolean {
  if (after.unsubscribeAll && !before?.unsubscribeAll) return true
  return Object.entries(after.topics).some(
    ([topicId, status]) => status === 'OPT_OUT' && before?.topics[topicId] !== 'OPT_OUT',
  )
}

export interface CommitInput {
  orgId: string
  before: ContactRecord | null
  after: ContactRecord | null
  topics: TopicRecord[]
  origin: ConsentOrigin
  suppression?: { before: SuppressionRecord | undefined; after: SuppressionRecord }
  at: string
  counterShard?: number
}

/** What a change writes (see `writes.ts`): preferences of topics being deleted go with them. */
function changeWrite(input: CommitInput): ContactWrite {
  const active = activeIds(input.topics)
  const after = input.after && {
    ...input.after,
    topics: Object.fromEntries(Object.entries(input.after.topics).filter(([topicId]) => active.has(topicId))),
  }
  return {
    orgId: input.orgId,
    before: input.before,
    after,
    activeTopicIds: active,
    trail: after ? trailEntry(input.before, after, input.origin) : null,
    ...(input.suppression ? { suppression: input.suppression } : {}),
    at: input.at,
    ...(input.counterShard === undefined ? {} : { counterShard: input.counterShard }),
  }
}

/** Writes one change of a contact in one transaction (see `writes.ts`); 'retry' when it raced another writer. */
export async function commitContact(input: CommitInput): Promise<'done' | 'retry' | 'email_taken'> {
  const write = changeWrite(input)
  const items = contactWriteItems(write)
  const { after } = write
  const campaignId = input.origin.campaignId
  // The campaign's own unsubscribes (its link); a report's action naming the campaign is the sender's, not counted.
  if (campaignId && input.origin.source !== 'campaign-action' && after && unsubscribed(input.before, after))
    items.push(
      outboxPut(
        newEvent(
          'contact.unsubscribed_from_campaign',
          input.orgId,
          { contactId: after.id, campaignId, at: input.at },
          // The recipient, through the campaign's signed link.
          { type: 'token', proof: 'unsubscribe', subject: after.id },
        ),
      ),
    )
  const source = input.origin.source
  const [announceIn, announceOut] = await Promise.all([
    mayAnnounce(input.orgId, source, 'contact.subscribed'),
    mayAnnounce(input.orgId, source, 'contact.unsubscribed'),
  ])
  items.push(
    ...subscriptionEventItems(input, {
      'contact.subscribed': announceIn,
      'contact.unsubscribed': announceOut,
    }),
  )
  try {
    await transact(items, { conflictRetries: 8 })
    return 'done'
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error
    if (error.conditionFailed('counters'))
      throw new AppError('topic.deleting', 'A topic of this change is being deleted.')
    if (error.conditionFailed('contact.email')) return 'email_taken'
    if (error.conditionFailed('contact') || error.conditionFailed('suppression')) return 'retry'
    throw error
  }
}

/**
 * New contacts of one import batch, each created as `commitContact` creates it, in one transaction with one counter
 * ADD on `counterShard`; `announce` (the caller's `mayAnnounce`, decided once for the batch it sized): each
 * subscribed one with its `contact.subscribed`. All or nothing: 'conflict' when a condition failed (an address
 * claimed or suppressed meanwhile, a topic being deleted), and then nothing was written: the caller creates those
 * contacts one by one, which says what became of each.
 */
export async function commitNewContacts(
  inputs: Omit<CommitInput, 'before' | 'counterShard'>[],
  counterShard: number,
  announce: boolean,
): Promise<'done' | 'conflict'> {
  const writes = inputs.map((input) => changeWrite({ ...input, before: null }))
  const allowed = { 'contact.subscribed': announce, 'contact.unsubscribed': false }
  const events = inputs.flatMap((input) => subscriptionEventItems({ ...input, before: null }, allowed))
  try {
    await transact([...contactsWriteItems(writes, counterShard), ...events], { conflictRetries: 8 })
    return 'done'
  } catch (error) {
    if (error instanceof TransactionFailed && error.anyConditionFailed) return 'conflict'
    throw error
  }
}

function sameContact(a: ContactRecord, b: ContactRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * Changes a contact's fields and/or subscriptions (PATCH, bulk, the person's pages, bounces): re-reads and tries
 * again when another writer got there first.
 */
export async function saveContactChange(
  orgId: string,
  contactId: string,
  change: { fields?: ContactFields; subscriptions?: SubscriptionChange },
  origin: ConsentOrigin,
  options: ChangeOptions = {},
): Promise<ChangeResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [contact, topics] = await Promise.all([
      getContact(orgId, contactId),
      options.topics ?? listTopics(orgId),
    ])
    if (!contact) throw new AppError('contact.not_found', 'No such contact.')
    if (options.expectedVersion !== undefined && contact.version !== options.expectedVersion)
      throw new AppError('version.conflict', 'The contact changed meanwhile: reload it.', {
        currentVersion: contact.version,
      })
    const entry = await getSuppression(orgId, contact.email)
    const at = new Date().toISOString()
    const resolved = resolveChange(
      { ...contact, ...change.fields },
      entry,
      change.subscriptions ?? {},
      origin,
      new Map(topics.map((topic) => [topic.id, topic])),
      options.onSuppressed ?? 'refuse',
      at,
    )
    const candidate = { ...resolved.contact, version: contact.version, updatedAt: contact.updatedAt }
    if (sameContact(candidate, contact) && !resolved.entryChanged)
      return { contact, refused: resolved.refused, changed: false }
    const after = { ...resolved.contact, version: contact.version + 1, updatedAt: at }
    const outcome = await commitContact({
      orgId,
      before: contact,
      after,
      topics,
      origin,
      ...(resolved.entry && resolved.entryChanged
        ? { suppression: { before: entry, after: resolved.entry } }
        : {}),
      at,
      ...(options.counterShard === undefined ? {} : { counterShard: options.counterShard }),
    })
    if (outcome === 'done') return { contact: after, refused: resolved.refused, changed: true }
    options.topics = undefined
  }
  throw new AppError('rate.limited', 'The contact is changing too often right now: try again.')
}

/**
 * Changes a contact's subscriptions: per topic OPT_IN / OPT_OUT / PENDING or null (back to the default), and/or
 * unsubscribeAll, recorded on the trail with its origin.
 */
export const changeSubscriptions = (
  orgId: string,
  contactId: string,
  change: SubscriptionChange,
  origin: ConsentOrigin,
  options: ChangeOptions = {},
) => saveContactChange(orgId, contactId, { subscriptions: change }, origin, options)

/** Deletes a contact, its preferences, claim and trail; the suppression entry stays. */
export async function deleteContactRecord(orgId: string, contactId: string): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [contact, topics] = await Promise.all([getContact(orgId, contactId), listTopics(orgId)])
    if (!contact) return false
    const at = new Date().toISOString()
    const outcome = await commitContact({
      orgId,
      before: contact,
      after: null,
      topics,
      origin: { source: 'manual' },
      at,
    })
    if (outcome === 'done') {
      await deleteAll(await trailKeys(orgId, contactId))
      return true
    }
  }
  throw new AppError('rate.limited', 'The contact is changing too often right now: try again.')
}
