import { CONTACTS_MAX, type ContactSource } from '@app/contracts'
import { ulid } from 'ulid'
import { AppError } from '../errors'
import { type AddressLookup, lookUpAddresses, readCounters } from './contacts.repo'
import type {
  ConsentOrigin,
  ContactRecord,
  SubscriptionChange,
  SuppressionRecord,
  TopicRecord,
} from './model'
import { commitContact } from './preferences'
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

export const limitReached = () =>
  new AppError(
    'contact.limit_reached',
    `An organization holds at most ${CONTACTS_MAX.toLocaleString('en')} contacts.`,
  )

/** A new contact as it will be written: its record, refused topics and suppression change (nothing written yet). */
export interface PreparedContact {
  contact: ContactRecord
  refused: string[]
  suppression?: { before: SuppressionRecord | undefined; after: SuppressionRecord }
  at: string
}

/** The contact `input` creates for an address read as `address` (no claim on it), resolved by the rules. */
export function prepareNewContact(
  orgId: string,
  input: NewContact,
  origin: ConsentOrigin,
  address: AddressLookup | undefined,
  topics: TopicRecord[],
  onSuppressed: 'refuse' | 'skip',
): PreparedContact {
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
    onSuppressed,
    at,
  )
  return {
    contact: resolved.contact,
    refused: resolved.refused,
    ...(resolved.entry && resolved.entryChanged
      ? { suppression: { before: address?.suppression, after: resolved.entry } }
      : {}),
    at,
  }
}

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
  const prepared = prepareNewContact(orgId, input, origin, address, topics, options.onSuppressed ?? 'refuse')
  const outcome = await commitContact({
    orgId,
    before: null,
    after: prepared.contact,
    topics,
    origin,
    ...(prepared.suppression ? { suppression: prepared.suppression } : {}),
    at: prepared.at,
    ...(options.batch ? { counterShard: options.batch.counterShard } : {}),
  })
  if (outcome === 'email_taken')
    throw new AppError('contact.email_exists', 'A contact with this email exists.')
  if (outcome === 'retry') throw new AppError('rate.limited', 'The address is changing right now: try again.')
  return { contact: prepared.contact, refused: prepared.refused }
}
