import {
  BULK_INLINE_MAX,
  type BulkContactsBodySchema,
  type BulkContactsResult,
  type BulkResult,
  type Contact,
  type ContactCount,
  type ContactCountQuerySchema,
  type ContactDetail,
  type ContactList,
  type ContactListQuerySchema,
  type CreateContactBodySchema,
  type UpdateContactBodySchema,
} from '@app/contracts'
import type * as z from 'zod'
import { principalOf } from '../actor'
import { AppError } from '../errors'
import { startJob } from '../jobs/public'
import type { OrganizationContext } from '../organizations/public'
import { getSuppression, listTrail, getContact as readContact, readCounters } from './contacts.repo'
import { pageContacts } from './list'
import { type ConsentOrigin, type ContactRecord, effectiveStatus, type SubscriptionChange } from './model'
import { deleteContactRecord, saveContactChange } from './preferences'
import { countsOf } from './topics'
import { getTopic, listTopics } from './topics.repo'
import { createContactRecord } from './upsert'

/** Contacts changed at once by an inline bulk call. */
const BULK_CONCURRENCY = 8

const notFound = () => new AppError('contact.not_found', 'No such contact.')

export function toContact(contact: ContactRecord): Contact {
  return {
    id: contact.id,
    organizationId: contact.orgId,
    email: contact.email,
    firstName: contact.firstName,
    lastName: contact.lastName,
    attributes: contact.attributes,
    topicPreferences: Object.entries(contact.topics).map(([topicId, status]) => ({ topicId, status })),
    unsubscribeAll: contact.unsubscribeAll,
    suppressed: contact.suppressed,
    source: contact.source,
    version: contact.version,
    createdAt: contact.createdAt,
    updatedAt: contact.updatedAt,
  }
}

/** A signed-in user's (or an API key's) change, for the consent trail. */
export function originOf(context: OrganizationContext, source: 'manual' | 'bulk' = 'manual'): ConsentOrigin {
  return { source: context.actor.kind === 'apiKey' ? 'api' : source, by: principalOf(context.actor) }
}

const preferencesChange = (
  items: { topicId: string; status: 'OPT_IN' | 'OPT_OUT' | null }[],
): SubscriptionChange['topics'] => Object.fromEntries(items.map((item) => [item.topicId, item.status]))

export async function listContacts(
  { organizationId }: OrganizationContext,
  query: z.output<typeof ContactListQuerySchema>,
): Promise<ContactList> {
  const { organizationId: _org, ...rest } = query
  const page = await pageContacts(organizationId, rest)
  return { items: page.items.map(toContact), nextCursor: page.nextCursor }
}

/** Which count of the counters answers these filters exactly (db/keys/audience.ts A9); null when none does. */
function countedBy(filters: z.output<typeof ContactCountQuerySchema>) {
  const { organizationId: _org, topicId, optIn, optOut, pending, optInByDefault, ...others } = filters
  if (Object.values(others).some((value) => value !== undefined)) return null
  if (!topicId) return optIn || optOut || pending || optInByDefault ? null : ('contacts' as const)
  if (!optInByDefault) return null
  if (optIn) return { topicId, count: 'subscribed' as const }
  if (optOut) return { topicId, count: 'unsubscribed' as const }
  if (pending) return { topicId, count: 'pending' as const }
  return null
}

export async function countContacts(
  { organizationId }: OrganizationContext,
  filters: z.output<typeof ContactCountQuerySchema>,
): Promise<ContactCount> {
  const by = countedBy(filters)
  if (!by) {
    if (filters.topicId) await topicOrNotFound(organizationId, filters.topicId)
    return { count: null }
  }
  if (by === 'contacts') return { count: (await readCounters(organizationId)).contacts ?? 0 }
  const [topic, counters] = await Promise.all([
    topicOrNotFound(organizationId, by.topicId),
    readCounters(organizationId),
  ])
  return { count: Math.max(0, countsOf(topic, counters)[by.count]) }
}

async function topicOrNotFound(organizationId: string, topicId: string) {
  const topic = await getTopic(organizationId, topicId)
  if (!topic || topic.deleting) throw new AppError('topic.not_found', 'No such topic.')
  return topic
}

export async function getContact(
  { organizationId }: OrganizationContext,
  id: string,
): Promise<ContactDetail> {
  const contact = await readContact(organizationId, id)
  if (!contact) throw notFound()
  const [topics, trail, suppression] = await Promise.all([
    listTopics(organizationId),
    listTrail(organizationId, id),
    getSuppression(organizationId, contact.email),
  ])
  return {
    ...toContact(contact),
    subscriptions: topics
      .filter((topic) => !topic.deleting)
      .map((topic) => ({
        topicId: topic.id,
        topicName: topic.name,
        status: effectiveStatus(contact, topic),
        explicit: contact.topics[topic.id] !== undefined,
      })),
    trail,
    suppression: suppression
      ? { all: suppression.all, topicOptOuts: suppression.topicOptOuts, updatedAt: suppression.updatedAt }
      : null,
  }
}

export async function createContact(
  context: OrganizationContext,
  body: z.output<typeof CreateContactBodySchema>,
): Promise<Contact> {
  const origin = originOf(context)
  const { contact } = await createContactRecord(
    context.organizationId,
    {
      email: body.email,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
      attributes: body.attributes,
      subscriptions: {
        topics: preferencesChange(body.topicPreferences),
        unsubscribeAll: body.unsubscribeAll,
      },
      source: { kind: origin.source === 'api' ? 'api' : 'manual' },
    },
    origin,
  )
  return toContact(contact)
}

export async function updateContact(
  context: OrganizationContext,
  id: string,
  body: z.output<typeof UpdateContactBodySchema>,
): Promise<Contact> {
  const { version, topicPreferences, unsubscribeAll, ...fields } = body
  const { contact } = await saveContactChange(
    context.organizationId,
    id,
    {
      fields,
      subscriptions: {
        ...(topicPreferences ? { topics: preferencesChange(topicPreferences) } : {}),
        ...(unsubscribeAll !== undefined ? { unsubscribeAll } : {}),
      },
    },
    originOf(context),
    version !== undefined ? { expectedVersion: version } : {},
  )
  return toContact(contact)
}

export async function deleteContact({ organizationId }: OrganizationContext, id: string): Promise<void> {
  if (!(await deleteContactRecord(organizationId, id))) throw notFound()
}

export type BulkAction = z.output<typeof BulkContactsBodySchema>['action']

/** One contact of a bulk change (inline or as a job item). */
export async function applyBulk(
  orgId: string,
  contactId: string,
  action: BulkAction,
  origin: ConsentOrigin,
): Promise<'succeeded' | 'notFound' | 'suppressed'> {
  if (action.type === 'delete')
    return (await deleteContactRecord(orgId, contactId)) ? 'succeeded' : 'notFound'
  try {
    const result = await saveContactChange(
      orgId,
      contactId,
      { subscriptions: { topics: preferencesChange(action.topicPreferences) } },
      origin,
      { onSuppressed: 'skip' },
    )
    return result.refused.length > 0 ? 'suppressed' : 'succeeded'
  } catch (error) {
    if (error instanceof AppError && error.code === 'contact.not_found') return 'notFound'
    throw error
  }
}

/** Bulk delete / topic change: up to BULK_INLINE_MAX contacts at once, more as a job (one item per contact). */
export async function bulkContacts(
  context: OrganizationContext,
  body: z.output<typeof BulkContactsBodySchema>,
): Promise<BulkContactsResult> {
  const { organizationId } = context
  if (body.action.type === 'topics') {
    const topics = new Map((await listTopics(organizationId)).map((topic) => [topic.id, topic]))
    for (const { topicId } of body.action.topicPreferences) {
      const topic = topics.get(topicId)
      if (!topic) throw new AppError('topic.not_found', `No such topic: ${topicId}.`)
      if (topic.deleting) throw new AppError('topic.deleting', `The topic ${topic.name} is being deleted.`)
    }
  }
  if (body.contactIds.length > BULK_INLINE_MAX) {
    const { items: _items, ...job } = await startJob({
      actor: context.actor,
      orgId: organizationId,
      kind: body.action.type === 'delete' ? 'audience.bulk_delete' : 'audience.bulk_topics',
      awsAccountId: null,
      items: body.contactIds.map((id) => ({ key: id, label: id })),
      ...(body.action.type === 'topics'
        ? {
            params: {
              preferences: body.action.topicPreferences.map((item) => `${item.topicId}:${item.status ?? ''}`),
            },
          }
        : {}),
    })
    return { result: null, job }
  }
  const origin = originOf(context, 'bulk')
  const result: BulkResult = { succeeded: 0, notFound: 0, suppressed: 0 }
  const queue = [...body.contactIds]
  const work = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      result[await applyBulk(organizationId, id, body.action, origin)]++
    }
  }
  await Promise.all(Array.from({ length: BULK_CONCURRENCY }, work))
  return { result, job: null }
}
