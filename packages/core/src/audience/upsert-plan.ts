import type { ContactSource } from '@app/contracts'
import { AppError } from '../errors'
import type { AddressLookup } from './contacts.repo'
import type { ConsentOrigin, ContactRecord, SubscriptionChange, TopicRecord } from './model'
import { limitReached, type NewContact, type PreparedContact, prepareNewContact } from './upsert'

/** One row of an import, validated and normalised by the importer. */
export interface UpsertRow {
  email: string
  firstName?: string
  lastName?: string
  attributes?: Record<string, string>
  /** The row's own subscription changes (the public API's items), applied after `topicIds`. */
  subscriptions?: SubscriptionChange
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
  /** Where created contacts come from: the import (the default) or the public API. */
  source?: ContactSource
}

/** DynamoDB's 100 items in a transaction, one kept for the counters. */
const GROUP_ITEMS = 99
/** Well under DynamoDB's 4 MB in a transaction. */
const GROUP_BYTES = 2 * 1024 * 1024

export function rowFields(
  row: UpsertRow,
  existing: ContactRecord | undefined,
  mode: UpsertOptions['existing'],
) {
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

export const subscribe = (
  row: UpsertRow,
  options: UpsertOptions,
  contact: ContactRecord | undefined,
): SubscriptionChange => ({
  topics: {
    ...Object.fromEntries(
      options.topicIds
        .filter((topicId) => options.existing === 'overwrite' || !contact?.topics[topicId])
        .map((topicId) => [topicId, 'OPT_IN' as const]),
    ),
    ...row.subscriptions?.topics,
  },
  ...(row.subscriptions?.unsubscribeAll === undefined
    ? {}
    : { unsubscribeAll: row.subscriptions.unsubscribeAll }),
})

export const newContactOf = (row: UpsertRow, options: UpsertOptions): NewContact => ({
  ...rowFields(row, undefined, 'overwrite'),
  email: row.email,
  subscriptions: subscribe(row, options, undefined),
  source: options.source ?? { kind: 'import', ...(options.importId ? { importId: options.importId } : {}) },
})

/** One transaction's worth of work: new contacts created together, or one existing contact changed. */
export type Unit = { fresh: { index: number; prepared: PreparedContact }[] } | { index: number }

/**
 * Splits a batch into its transactions, in row order: an address that has a contact is changed alone; new ones
 * are prepared and grouped up to DynamoDB's item and size limits. A row the audience refuses (the contacts limit,
 * an invalid subscription) goes to `refuse` and into no unit.
 */
export function planUnits(
  orgId: string,
  rows: UpsertRow[],
  ids: (string | undefined)[],
  batch: {
    addresses: Map<string, AddressLookup>
    topics: TopicRecord[]
    options: UpsertOptions
    room: number
    announce: boolean
  },
  refuse: (index: number, error: AppError) => void,
): Unit[] {
  const { addresses, topics, options } = batch
  let room = batch.room
  const units: Unit[] = []
  let group: { index: number; prepared: PreparedContact }[] = []
  let groupItems = 0
  let groupBytes = 0
  for (const [index, row] of rows.entries()) {
    if (ids[index]) {
      units.push({ index })
      continue
    }
    if (room-- <= 0) {
      refuse(index, limitReached())
      continue
    }
    let prepared: PreparedContact
    try {
      const address = addresses.get(row.email)
      prepared = prepareNewContact(orgId, newContactOf(row, options), options.origin, address, topics, 'skip')
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      refuse(index, error)
      continue
    }
    // The contact, its claim, the trail, a preference per topic, the suppression entry when it changes, its event.
    const items =
      3 +
      Object.keys(prepared.contact.topics).length +
      (prepared.suppression ? 1 : 0) +
      (batch.announce ? 1 : 0)
    const bytes = 2 * JSON.stringify(prepared).length + 1024
    if (group.length > 0 && (groupItems + items > GROUP_ITEMS || groupBytes + bytes > GROUP_BYTES)) {
      units.push({ fresh: group })
      group = []
      groupItems = 0
      groupBytes = 0
    }
    group.push({ index, prepared })
    groupItems += items
    groupBytes += bytes
  }
  if (group.length > 0) units.push({ fresh: group })
  return units
}
