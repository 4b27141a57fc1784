import type { PreferenceStatus } from '@app/contracts'
import { getContact } from '../contacts.repo'
import { type ConsentOrigin, type ContactRecord, effectiveStatus, type TopicRecord } from '../model'
import { changeSubscriptions } from '../preferences'
import { listTopics } from '../reads'
import type { LinkFields } from './links'

/** What the public pages know of a contact: its address and, per active topic, its effective status. */
export interface ContactView {
  email: string
  unsubscribeAll: boolean
  topics: { id: string; name: string; description: string; status: PreferenceStatus }[]
}

const activeTopics = async (orgId: string) => (await listTopics(orgId)).filter((topic) => !topic.deleting)

function viewOf(contact: ContactRecord, topics: TopicRecord[]): ContactView {
  return {
    email: contact.email,
    unsubscribeAll: contact.unsubscribeAll,
    topics: topics.map((topic) => ({
      id: topic.id,
      name: topic.name,
      description: topic.description,
      status: effectiveStatus(contact, topic),
    })),
  }
}

export async function readContactView(orgId: string, contactId: string): Promise<ContactView | undefined> {
  const [contact, topics] = await Promise.all([getContact(orgId, contactId), activeTopics(orgId)])
  return contact ? viewOf(contact, topics) : undefined
}

export interface LinkChange {
  optIn?: readonly string[]
  optOut?: readonly string[]
  unsubscribeAll?: boolean
}

/**
 * The person's change through a signed link, through audience's one writer (`changeSubscriptions`: counters,
 * trail, suppression). Topics no longer in the organization are left out; a change that changes nothing writes
 * nothing (no trail entry), so repeating a one-click is harmless.
 */
export async function changeFromLink(
  link: LinkFields,
  change: LinkChange,
  origin: Omit<ConsentOrigin, 'campaignId'>,
): Promise<ContactView> {
  const topics = await activeTopics(link.organizationId)
  const known = new Set(topics.map((topic) => topic.id))
  const statuses: Record<string, PreferenceStatus> = {}
  for (const id of change.optIn ?? []) if (known.has(id)) statuses[id] = 'OPT_IN'
  for (const id of change.optOut ?? []) if (known.has(id)) statuses[id] = 'OPT_OUT'
  const { contact } = await changeSubscriptions(
    link.organizationId,
    link.contactId,
    {
      topics: statuses,
      ...(change.unsubscribeAll === undefined ? {} : { unsubscribeAll: change.unsubscribeAll }),
    },
    { ...origin, ...(link.campaignId ? { campaignId: link.campaignId } : {}) },
  )
  return viewOf(contact, topics)
}
