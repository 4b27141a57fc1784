import {
  type Contact,
  type ContactDetail,
  isInvalidBatchItem,
  type PublicContact,
  type PublicContactBatchItem,
  type PublicContactBatchResult,
  type PublicContactDetail,
  type PublicContactList,
  type PublicContactListQuerySchema,
  type PublicContactUpsertResult,
  type PublicContactUpsertSchema,
  type PublicSubscriptionsBodySchema,
} from '@app/contracts'
import type * as z from 'zod'
import { AppError } from '../errors'
import type { OrganizationContext } from '../organizations/public'
import { deleteContact, getContact, listContacts, originOf, toContact } from './contacts'
import { getContact as readContact } from './contacts.repo'
import type { ContactRecord } from './model'
import { changeSubscriptions } from './preferences'
import { findContactByEmail } from './reads'
import { type UpsertResult, type UpsertRow, upsertContacts } from './upsert-batch'

/**
 * The public API's contacts (`/api/v1/contacts`, an API key acting for its organization): upserts by email through
 * the importer's batch writer (contacts created with the source `api`), the dashboard's reads, and subscription
 * changes through the audience's one writer, each on the consent trail as `api` with the key.
 */

type UpsertItem = z.output<typeof PublicContactUpsertSchema>

const withoutOrganization = <T extends Contact>({ organizationId: _organizationId, ...rest }: T) => rest

export const toPublicContact = (contact: ContactRecord): PublicContact =>
  withoutOrganization(toContact(contact))
const toPublicDetail = (detail: ContactDetail): PublicContactDetail => withoutOrganization(detail)

const rowOf = (item: UpsertItem): UpsertRow => ({
  email: item.email,
  ...(item.firstName === undefined ? {} : { firstName: item.firstName }),
  ...(item.lastName === undefined ? {} : { lastName: item.lastName }),
  ...(item.attributes === undefined ? {} : { attributes: item.attributes }),
  subscriptions: {
    topics: Object.fromEntries((item.topicPreferences ?? []).map((item) => [item.topicId, item.status])),
    ...(item.unsubscribeAll === undefined ? {} : { unsubscribeAll: item.unsubscribeAll }),
  },
})

/** Writes the rows as the importer does, with the key's origin: existing contacts are updated, new ones `api`. */
const upsert = (context: OrganizationContext, rows: UpsertRow[]): Promise<UpsertResult[]> =>
  upsertContacts(context.organizationId, rows, {
    existing: 'update',
    topicIds: [],
    origin: originOf(context),
    source: { kind: 'api' },
  })

export async function upsertPublicContact(
  context: OrganizationContext,
  body: UpsertItem,
): Promise<PublicContactUpsertResult> {
  const [result] = await upsert(context, [rowOf(body)])
  if (!result || result.outcome === 'failed' || !result.contactId) {
    const error = result?.error ?? { code: 'internal.error', message: 'The contact was not written.' }
    throw new AppError(error.code as AppError['code'], error.message)
  }
  const contact = await readContact(context.organizationId, result.contactId)
  if (!contact) throw new AppError('contact.not_found', 'The contact was deleted meanwhile.')
  return { status: result.outcome, suppressed: result.suppressed, contact: toPublicContact(contact) }
}

/**
 * Up to 1,000 items in one call: invalid items and addresses repeated in the batch fail alone (the first one
 * is written), the others are written together; a result per item, in the request's order.
 */
export async function upsertPublicContacts(
  context: OrganizationContext,
  body: { contacts: unknown[] },
): Promise<PublicContactBatchResult> {
  const results: PublicContactBatchItem[] = new Array(body.contacts.length)
  const rows: UpsertRow[] = []
  const indexes: number[] = []
  const seen = new Map<string, number>()
  for (const [index, item] of body.contacts.entries()) {
    if (isInvalidBatchItem(item)) {
      const field = ['body.contacts', index, item.invalid.field].filter((part) => part !== '').join('.')
      results[index] = failed(index, item.sent, 'request.invalid', `${field}: ${item.invalid.message}`)
      continue
    }
    const upsertItem = item as UpsertItem
    const first = seen.get(upsertItem.email)
    if (first !== undefined) {
      results[index] = failed(
        index,
        upsertItem.email,
        'request.invalid',
        `body.contacts.${index}.email: the address is item ${first}'s too (each address once per batch).`,
      )
      continue
    }
    seen.set(upsertItem.email, index)
    rows.push(rowOf(upsertItem))
    indexes.push(index)
  }
  const written = rows.length > 0 ? await upsert(context, rows) : []
  for (const [position, result] of written.entries()) {
    const index = indexes[position] as number
    results[index] =
      result.outcome === 'failed'
        ? failed(index, result.email, result.error?.code ?? 'internal.error', result.error?.message ?? '')
        : {
            index,
            email: result.email,
            status: result.outcome,
            ...(result.contactId ? { id: result.contactId } : {}),
            suppressed: result.suppressed,
          }
  }
  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 }
  for (const result of results) counts[result.status]++
  return { results, counts }
}

function failed(index: number, email: string | null, code: string, message: string): PublicContactBatchItem {
  return { index, email, status: 'failed', suppressed: false, error: { code, message } }
}

export async function listPublicContacts(
  context: OrganizationContext,
  query: z.output<typeof PublicContactListQuerySchema>,
): Promise<PublicContactList> {
  const page = await listContacts(context, { ...query, organizationId: context.organizationId })
  return { items: page.items.map(withoutOrganization), nextCursor: page.nextCursor }
}

/** The contact's id: `idOrEmail` itself, or the id of the contact holding that address (404 when none). */
async function contactIdOf(context: OrganizationContext, idOrEmail: string): Promise<string> {
  if (!idOrEmail.includes('@')) return idOrEmail
  const contact = await findContactByEmail(context.organizationId, idOrEmail)
  if (!contact) throw new AppError('contact.not_found', 'No such contact.')
  return contact.id
}

export async function getPublicContact(
  context: OrganizationContext,
  idOrEmail: string,
): Promise<PublicContactDetail> {
  return toPublicDetail(await getContact(context, await contactIdOf(context, idOrEmail)))
}

export async function deletePublicContact(context: OrganizationContext, idOrEmail: string): Promise<void> {
  await deleteContact(context, await contactIdOf(context, idOrEmail))
}

export async function updatePublicContactSubscriptions(
  context: OrganizationContext,
  idOrEmail: string,
  body: z.output<typeof PublicSubscriptionsBodySchema>,
): Promise<PublicContactDetail> {
  const id = await contactIdOf(context, idOrEmail)
  await changeSubscriptions(
    context.organizationId,
    id,
    { topics: Object.fromEntries(body.topicPreferences.map((item) => [item.topicId, item.status])) },
    originOf(context),
  )
  return toPublicDetail(await getContact(context, id))
}

export async function unsubscribePublicContact(
  context: OrganizationContext,
  idOrEmail: string,
): Promise<PublicContactDetail> {
  const id = await contactIdOf(context, idOrEmail)
  await changeSubscriptions(context.organizationId, id, { unsubscribeAll: true }, originOf(context))
  return toPublicDetail(await getContact(context, id))
}
