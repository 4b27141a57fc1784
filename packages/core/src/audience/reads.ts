import { lookUpAddresses, getContact as readContact } from './contacts.repo'
import type { ConsentOrigin, ContactRecord, TopicRecord } from './model'
import { listTopics as readTopics } from './topics.repo'
import { createContactRecord, type NewContact } from './upsert'

/** The contact holding an address (normalised: trimmed, lower-case), if any. */
export async function findContactByEmail(orgId: string, email: string): Promise<ContactRecord | undefined> {
  const contactId = (await lookUpAddresses(orgId, [email])).get(email)?.contactId
  return contactId ? readContact(orgId, contactId) : undefined
}

/** Every topic of the organization, by name (those being deleted included: check `deleting`). */
export async function listTopics(orgId: string): Promise<TopicRecord[]> {
  const topics = await readTopics(orgId)
  return topics.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
}

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
