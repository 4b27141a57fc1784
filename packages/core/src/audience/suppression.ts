import type { ConsentSourceKind, SuppressionReason } from '@app/contracts'
import { AppError } from '../errors'
import { getContact, getSuppression, lookUpAddresses, putSuppression } from './contacts.repo'
import type { SuppressionRecord } from './model'
import { commitContact } from './preferences'
import { listTopics } from './topics.repo'

export interface SuppressInput {
  /** Normalised (trimmed, lower-case). */
  email: string
  reason: SuppressionReason
  /** `bounce`, `complaint`, `ses-suppression-list`, or the person's page for an unsubscribe. */
  source: ConsentSourceKind
  /** What to show beside the reason (the bounce's diagnostic, the SES list's date …). */
  detail?: string
  at?: Date
}

const MAX_ATTEMPTS = 6

/**
 * Suppresses an address in the organization from everything: the entry (kept even when the contact is deleted,
 * so a re-created or re-imported address stays suppressed) and, when a contact holds the address, the contact
 * (blocked: every topic OPT_OUT, counters moved, a consent entry). Idempotent: an address already suppressed
 * keeps its first reason; `changed` says whether anything was written.
 */
export async function suppress(
  orgId: string,
  input: SuppressInput,
): Promise<{ contactId?: string; changed: boolean }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const address = (await lookUpAddresses(orgId, [input.email])).get(input.email)
    const entry = address?.suppression
    const at = (input.at ?? new Date()).toISOString()
    if (entry?.all) return { ...(address?.contactId ? { contactId: address.contactId } : {}), changed: false }
    const next: SuppressionRecord = {
      email: input.email,
      all: {
        reason: input.reason,
        at,
        source: input.source,
        ...(input.detail ? { detail: input.detail } : {}),
      },
      topicOptOuts: entry?.topicOptOuts ?? [],
      updatedAt: at,
    }
    const contact = address?.contactId ? await getContact(orgId, address.contactId) : undefined
    if (!contact) {
      if (await putSuppression(orgId, next, entry)) return { changed: true }
      continue
    }
    const after = {
      ...contact,
      suppressed: { reason: input.reason, at },
      unsubscribeAll: contact.unsubscribeAll || input.reason === 'UNSUBSCRIBED',
      version: contact.version + 1,
      updatedAt: at,
    }
    const outcome = await commitContact({
      orgId,
      before: contact,
      after,
      topics: await listTopics(orgId),
      origin: { source: input.source },
      suppression: { before: entry, after: next },
      at,
    })
    if (outcome === 'done') return { contactId: contact.id, changed: true }
  }
  throw new AppError('rate.limited', 'The address is changing too often right now: try again.')
}

/** The organization's suppression entry for an address (after the contact's deletion too). */
export const suppressionOf = (orgId: string, email: string) => getSuppression(orgId, email)
