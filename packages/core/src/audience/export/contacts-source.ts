import type { ContactFilters } from '@app/contracts'
import { pageContacts as listContactsPage } from '../list'
import { getTopic } from '../topics.repo'
import { contactLines } from './csv'
import type { ExportSource } from './source'

/** Contacts a page of the list reads (the list's own maximum). */
export const EXPORT_PAGE = 100

/**
 * The audience's contacts, as `GET contacts` filters select them (a topic export: its topic, subscribed only);
 * `status` is each contact's effective status in the topic filtered on.
 */
export const contactsSource: ExportSource = {
  kind: 'contacts',
  pageLimit: EXPORT_PAGE,
  async open(orgId, params) {
    const filters = params as ContactFilters
    const topic = filters.topicId ? await getTopic(orgId, filters.topicId) : undefined
    return {
      header: contactLines([], undefined, true),
      async page(cursor, limit) {
        const page = await listContactsPage(orgId, { ...filters, limit, ...(cursor ? { cursor } : {}) })
        return {
          lines: contactLines(page.items, topic),
          rows: page.items.length,
          cursor: page.nextCursor ?? null,
        }
      },
    }
  },
}
