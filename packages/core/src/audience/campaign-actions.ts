import { AppError } from '../errors'
import { getContact } from './contacts.repo'
import type { ConsentOrigin } from './model'
import { deleteContactRecord, saveContactChange } from './preferences'

/**
 * One contact's change for a campaign report's audience action (campaigns/actions), under the audience rules:
 * `changed` (done now), `unchanged` (it was so already), `skipped` (suppressed or unsubscribed from everything:
 * only the person can subscribe it), `gone` (no such contact). Safe to repeat: a second call answers `unchanged`.
 */
export type ContactActionOutcome = 'changed' | 'unchanged' | 'skipped' | 'gone'

export type ContactAction =
  | { type: 'unsubscribeAll' }
  | { type: 'delete' }
  | { type: 'topic'; topicId: string; status: 'OPT_IN' | 'OPT_OUT' }

export async function applyContactAction(
  orgId: string,
  contactId: string,
  action: ContactAction,
  origin: ConsentOrigin,
): Promise<ContactActionOutcome> {
  if (action.type === 'delete') return (await deleteContactRecord(orgId, contactId)) ? 'changed' : 'gone'
  if (action.type === 'topic' && action.status === 'OPT_IN') {
    const contact = await getContact(orgId, contactId)
    if (!contact) return 'gone'
    // The rules refuse a suppressed address; a contact unsubscribed from everything is not subscribed either.
    if (contact.unsubscribeAll || contact.suppressed) return 'skipped'
  }
  try {
    const result = await saveContactChange(
      orgId,
      contactId,
      {
        subscriptions:
          action.type === 'unsubscribeAll'
            ? { unsubscribeAll: true }
            : { topics: { [action.topicId]: action.status } },
      },
      origin,
      { onSuppressed: 'skip' },
    )
    if (result.refused.length > 0) return 'skipped'
    return result.changed ? 'changed' : 'unchanged'
  } catch (error) {
    if (error instanceof AppError && error.code === 'contact.not_found') return 'gone'
    throw error
  }
}
