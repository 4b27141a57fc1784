import { CONTACTS_MAX } from '@app/contracts'
import { AUDIENCE_SHARDS } from '../db/keys'
import { AppError } from '../errors'
import { type AddressLookup, getContacts, lookUpAddresses, readCounters } from './contacts.repo'
import type { ContactRecord, TopicRecord } from './model'
import { commitNewContacts, saveContactChange } from './preferences'
import { mayAnnounce } from './subscription-events'
import { listTopics } from './topics.repo'
import { createContactRecord, type PreparedContact } from './upsert'
import {
  newContactOf,
  planUnits,
  rowFields,
  subscribe,
  type Unit,
  type UpsertOptions,
  type UpsertRow,
} from './upsert-plan'

export type { UpsertOptions, UpsertRow } from './upsert-plan'

export interface UpsertResult {
  email: string
  outcome: 'created' | 'updated' | 'unchanged' | 'failed'
  contactId?: string
  /** Some subscription of the row was refused: the address is suppressed or the person left that topic. */
  suppressed: boolean
  error?: { code: string; message: string }
}

/** Writer lanes at once, each with a counter shard of its own so their transactions never conflict on one. */
const CONCURRENCY = 8
/**
 * The importer's batch write (any number of rows; duplicates inside the batch are the importer's to refuse):
 * one consistent BatchGet of the addresses' claims and suppression entries; then new addresses are created as many
 * as fit in a transaction (24 with one topic; all or nothing: when one was claimed meanwhile, that group is written
 * row by row instead) and existing contacts changed one a transaction, by the one writer. Safe to repeat: a
 * re-run finds the contacts created the first time and reports them `unchanged`.
 */
export async function upsertContacts(
  orgId: string,
  rows: UpsertRow[],
  options: UpsertOptions,
): Promise<UpsertResult[]> {
  const [topics, addresses, counters, announce] = await Promise.all([
    listTopics(orgId),
    lookUpAddresses(
      orgId,
      rows.map((row) => row.email),
    ),
    readCounters(orgId),
    mayAnnounce(orgId, options.origin.source, 'contact.subscribed'),
  ])
  const topicsById = new Map(topics.map((topic) => [topic.id, topic]))
  for (const topicId of options.topicIds) {
    if (!topicsById.has(topicId)) throw new AppError('topic.not_found', `No such topic: ${topicId}.`)
  }
  const ids = rows.map((row) => addresses.get(row.email)?.contactId)
  const known = ids.filter((id): id is string => id !== undefined)
  const existing = new Map((await getContacts(orgId, known)).flatMap((c) => (c ? [[c.id, c] as const] : [])))
  const room = CONTACTS_MAX - (counters.contacts ?? 0)
  const results: UpsertResult[] = new Array(rows.length)
  const failed = (index: number, { code, message }: AppError): UpsertResult => ({
    email: (rows[index] as UpsertRow).email,
    outcome: 'failed',
    suppressed: false,
    error: { code, message },
  })

  const batch = { addresses, topics, options, room, announce }
  const units = planUnits(orgId, rows, ids, batch, (index, error) => {
    results[index] = failed(index, error)
  })

  const writeOne = async (index: number, counterShard: number) => {
    const row = rows[index] as UpsertRow
    const id = ids[index]
    try {
      results[index] = await upsertRow(orgId, row, id ? existing.get(id) : undefined, options, {
        topics,
        address: addresses.get(row.email),
        counterShard,
      })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      results[index] = failed(index, error)
    }
  }
  const writeFresh = async (fresh: { index: number; prepared: PreparedContact }[], counterShard: number) => {
    const written = await commitNewContacts(
      fresh.map(({ prepared }) => ({
        orgId,
        after: prepared.contact,
        topics,
        origin: options.origin,
        ...(prepared.suppression ? { suppression: prepared.suppression } : {}),
        at: prepared.at,
      })),
      counterShard,
      announce,
    )
    if (written === 'conflict') {
      for (const { index } of fresh) await writeOne(index, counterShard)
      return
    }
    for (const { index, prepared } of fresh)
      results[index] = {
        email: prepared.contact.email,
        outcome: 'created',
        contactId: prepared.contact.id,
        suppressed: prepared.refused.length > 0,
      }
  }

  let next = 0
  // A failure that is not the audience refusing the row (DynamoDB unreachable, throttled or timing out) is not the
  // row's fault: the batch stops and throws, so the importer's slice fails and replays from its checkpoint.
  let broken: { error: unknown } | undefined
  const lane = async (counterShard: number) => {
    while (next < units.length && !broken) {
      const unit = units[next++] as Unit
      try {
        if ('fresh' in unit) await writeFresh(unit.fresh, counterShard)
        else await writeOne(unit.index, counterShard)
      } catch (error) {
        broken ??= { error }
      }
    }
  }
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, units.length) }, (_, index) => lane(index % AUDIENCE_SHARDS)),
  )
  if (broken) throw broken.error
  return results
}

/** One row by the one writer: creates the contact (an existing one found meanwhile is changed) or changes it. */
async function upsertRow(
  orgId: string,
  row: UpsertRow,
  existing: ContactRecord | undefined,
  options: UpsertOptions,
  batch: { topics: TopicRecord[]; address: AddressLookup | undefined; counterShard: number },
): Promise<UpsertResult> {
  const { topics } = batch
  if (!existing) {
    try {
      const { contact, refused } = await createContactRecord(
        orgId,
        newContactOf(row, options),
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
      return upsertRow(orgId, row, contact, options, batch)
    }
  }
  if (options.existing === 'skip') {
    return { email: row.email, outcome: 'unchanged', contactId: existing.id, suppressed: false }
  }
  const result = await saveContactChange(
    orgId,
    existing.id,
    { fields: rowFields(row, existing, options.existing), subscriptions: subscribe(row, options, existing) },
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
