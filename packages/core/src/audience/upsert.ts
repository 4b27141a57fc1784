import { CONTACTS_MAX, type ContactSource } from '@app/contracts'
import { ulid } from 'ulid'
import { AUDIENCE_SHARDS } from '../db/keys'
import { AppError } from '../errors'
import { type AddressLookup, getContacts, lookUpAddresses, readCounters } from './contacts.repo'
import type { ConsentOrigin, ContactRecord, SubscriptionChange, TopicRecord } from './model'
import { commitContact, saveContactChange } from './preferences'
import { freshContact, resolveChange } from './rules'
import { listTopics } from './topics.repo'

export interface NewContact {
  /** Normalised by the caller (contracts' EmailSchema: trimmed, lower-case). */
  email: string
  firstName?: string | null
  lastName?: string | null
  attributes?: Record<string, string>
  subscriptions?: SubscriptionChange
  source: ContactSource
}

const limitReached = () =>
  new AppError(
    'contact.limit_reached',
    `An organization holds at most ${CONTACTS_MAX.toLocaleString('en')} contacts.`,
  )

/** Creates a contact (409 when the address exists); an address suppressed before stays suppressed. */
export async function createContactRecord(
  orgId: string,
  input: NewContact,
  origin: ConsentOrigin,
  options: {
    onSuppressed?: 'refuse' | 'skip'
    topics?: TopicRecord[]
    /**
     * The importer's batch: it read the address (consistently) and took room under the limit for the row
     * already, and names the counter shard of its writer lane.
     */
    batch?: { address: AddressLookup | undefined; counterShard: number }
  } = {},
): Promise<{ contact: ContactRecord; refused: string[] }> {
  const [addresses, topics, counters] = await Promise.all([
    options.batch ? undefined : lookUpAddresses(orgId, [input.email]),
    options.topics ?? listTopics(orgId),
    options.batch ? undefined : readCounters(orgId),
  ])
  const address = options.batch ? options.batch.address : addresses?.get(input.email)
  if (address?.contactId) throw new AppError('contact.email_exists', 'A contact with this email exists.')
  if (counters && (counters.contacts ?? 0) >= CONTACTS_MAX) throw limitReached()
  const at = new Date().toISOString()
  const base = freshContact(
    {
      id: ulid(),
      orgId,
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      attributes: input.attributes ?? {},
      source: input.source,
      version: 1,
      createdAt: at,
      updatedAt: at,
    },
    address?.suppression,
  )
  const resolved = resolveChange(
    base,
    address?.suppression,
    input.subscriptions ?? {},
    origin,
    new Map(topics.map((topic) => [topic.id, topic])),
    options.onSuppressed ?? 'refuse',
    at,
  )
  const outcome = await commitContact({
    orgId,
    before: null,
    after: resolved.contact,
    topics,
    origin,
    ...(resolved.entry && resolved.entryChanged
      ? { suppression: { before: address?.suppression, after: resolved.entry } }
      : {}),
    at,
    ...(options.batch ? { counterShard: options.batch.counterShard } : {}),
  })
  if (outcome === 'email_taken')
    throw new AppError('contact.email_exists', 'A contact with this email exists.')
  if (outcome === 'retry') throw new AppError('rate.limited', 'The address is changing right now: try again.')
  return { contact: resolved.contact, refused: resolved.refused }
}

/** One row of an import, validated and normalised by the importer. */
export interface UpsertRow {
  email: string
  firstName?: string
  lastName?: string
  attributes?: Record<string, string>
}

export interface UpsertOptions {
  /**
   * What to do with an address that already has a contact:
   * - `skip`: leave it as it is (`unchanged`);
   * - `update`: set the names and attributes the row has (others kept) and subscribe it to `topicIds` where it
   *   has no explicit preference (an explicit OPT_OUT is kept);
   * - `overwrite`: replace names and attributes by the row's and set `topicIds` to OPT_IN (other topics keep
   *   their preferences).
   * A suppressed address, or a topic the person left, is never subscribed (`suppressed: true`).
   */
  existing: 'skip' | 'update' | 'overwrite'
  /** Topics the rows subscribe to (OPT_IN: the organization asserts consent; the trail names the import). */
  topicIds: string[]
  origin: ConsentOrigin
  /** The import job creating contacts (their `source`). */
  importId?: string
}

export interface UpsertResult {
  email: string
  outcome: 'created' | 'updated' | 'unchanged' | 'failed'
  contactId?: string
  /** Some subscription of the row was refused: the address is suppressed or the person left that topic. */
  suppressed: boolean
  error?: { code: string; message: string }
}

/** Rows written at once (each its own transaction). */
const CONCURRENCY = 8

function rowFields(row: UpsertRow, existing: ContactRecord | undefined, mode: UpsertOptions['existing']) {
  if (!existing || mode === 'overwrite') {
    return {
      firstName: row.firstName ?? null,
      lastName: row.lastName ?? null,
      attributes: row.attributes ?? {},
    }
  }
  return {
    firstName: row.firstName ?? existing.firstName,
    lastName: row.lastName ?? existing.lastName,
    attributes: { ...existing.attributes, ...row.attributes },
  }
}

/**
 * The importer's batch write (any number of rows; duplicates inside the batch are the importer's to refuse):
 * one consistent BatchGet of the addresses' claims and suppression entries, then each row through the one
 * writer. Safe to repeat: a re-run finds the contacts created the first time and reports them `unchanged`.
 */
export async function upsertContacts(
  orgId: string,
  rows: UpsertRow[],
  options: UpsertOptions,
): Promise<UpsertResult[]> {
  const [topics, addresses, counters] = await Promise.all([
    listTopics(orgId),
    lookUpAddresses(
      orgId,
      rows.map((row) => row.email),
    ),
    readCounters(orgId),
  ])
  const topicsById = new Map(topics.map((topic) => [topic.id, topic]))
  for (const topicId of options.topicIds) {
    if (!topicsById.has(topicId)) throw new AppError('topic.not_found', `No such topic: ${topicId}.`)
  }
  const ids = rows.map((row) => addresses.get(row.email)?.contactId)
  const known = ids.filter((id): id is string => id !== undefined)
  const existing = new Map((await getContacts(orgId, known)).flatMap((c) => (c ? [[c.id, c] as const] : [])))
  let room = CONTACTS_MAX - (counters.contacts ?? 0)
  const results: UpsertResult[] = new Array(rows.length)
  let next = 0
  // A failure that is not the audience refusing the row (DynamoDB unreachable, throttled or timing out) is not the
  // row's fault: the batch stops and throws, so the importer's slice fails and replays from its checkpoint.
  let broken: { error: unknown } | undefined
  const work = async (lane: number) => {
    while (next < rows.length && !broken) {
      const index = next++
      const row = rows[index] as UpsertRow
      const id = ids[index]
      try {
        results[index] = await upsertRow(
          orgId,
          row,
          id ? existing.get(id) : undefined,
          options,
          { topics, address: addresses.get(row.email), counterShard: lane % AUDIENCE_SHARDS },
          () => room-- > 0,
        )
      } catch (error) {
        if (!(error instanceof AppError)) {
          broken ??= { error }
          return
        }
        const { code, message } = error
        results[index] = { email: row.email, outcome: 'failed', suppressed: false, error: { code, message } }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, (_, lane) => work(lane)))
  if (broken) throw broken.error
  return results
}

async function upsertRow(
  orgId: string,
  row: UpsertRow,
  existing: ContactRecord | undefined,
  options: UpsertOptions,
  batch: { topics: TopicRecord[]; address: AddressLookup | undefined; counterShard: number },
  takeRoom: () => boolean,
): Promise<UpsertResult> {
  const { topics } = batch
  const subscribe = (contact: ContactRecord | undefined): SubscriptionChange => ({
    topics: Object.fromEntries(
      options.topicIds
        .filter((topicId) => options.existing === 'overwrite' || !contact?.topics[topicId])
        .map((topicId) => [topicId, 'OPT_IN' as const]),
    ),
  })
  if (!existing) {
    if (!takeRoom()) throw limitReached()
    try {
      const { contact, refused } = await createContactRecord(
        orgId,
        {
          ...rowFields(row, undefined, 'overwrite'),
          email: row.email,
          subscriptions: subscribe(undefined),
          source: { kind: 'import', ...(options.importId ? { importId: options.importId } : {}) },
        },
        options.origin,
        {
          onSuppressed: 'skip',
          topics,
          batch: { address: batch.address, counterShard: batch.counterShard },
        },
      )
      return { email: row.email, outcome: 'created', contactId: contact.id, suppressed: refused.length > 0 }
    } catch (error) {
      // Created meanwhile (another batch, a signup): treat it as existing.
      if (!(error instanceof AppError && error.code === 'contact.email_exists')) throw error
      const again = (await lookUpAddresses(orgId, [row.email])).get(row.email)?.contactId
      const contact = again ? (await getContacts(orgId, [again]))[0] : undefined
      if (!contact) throw error
      return upsertRow(orgId, row, contact, options, batch, takeRoom)
    }
  }
  if (options.existing === 'skip') {
    return { email: row.email, outcome: 'unchanged', contactId: existing.id, suppressed: false }
  }
  const result = await saveContactChange(
    orgId,
    existing.id,
    { fields: rowFields(row, existing, options.existing), subscriptions: subscribe(existing) },
    options.origin,
    { onSuppressed: 'skip', topics, counterShard: batch.counterShard },
  )
  return {
    email: row.email,
    outcome: result.changed ? 'updated' : 'unchanged',
    contactId: existing.id,
    suppressed: result.refused.length > 0,
  }
}
