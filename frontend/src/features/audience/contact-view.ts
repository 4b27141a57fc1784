import type { ContactListQuery } from '@app/contracts'

/**
 * The contact list's view, kept in the address so a filtered list can be shared and survives a reload:
 * `?searchQuery=ana&topicId=…&status=optIn&optInByDefault=true&unsubscribeAll=true` (the API's filter names;
 * `status` names which of optIn / optOut / pending is set).
 */

/** With a topic: contacts whose effective status is subscribed, unsubscribed, or waiting for confirmation. */
export const TOPIC_STATUSES = ['optIn', 'optOut', 'pending'] as const
export type TopicStatus = (typeof TOPIC_STATUSES)[number]

export interface ContactView {
  /** Email or name, from the start, any case. */
  searchQuery: string | undefined
  topicId: string | undefined
  /** Only with a topic. */
  status: TopicStatus | undefined
  /** With a topic: a contact without a choice of its own counts as the topic's default (SES's UseDefaultIfPreferenceUnavailable). */
  optInByDefault: boolean
  /** With a topic: only contacts without a choice of their own. */
  defaultStatus: boolean
  /** true: only contacts unsubscribed from everything; false: only the others. */
  unsubscribeAll: boolean | undefined
}

export const EMPTY_VIEW: ContactView = {
  searchQuery: undefined,
  topicId: undefined,
  status: undefined,
  optInByDefault: false,
  defaultStatus: false,
  unsubscribeAll: undefined,
}

const isStatus = (value: string | null): value is TopicStatus =>
  (TOPIC_STATUSES as readonly (string | null)[]).includes(value)

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/

/** Anything the API would refuse (a status without a topic, a malformed id) falls back to no filter. */
export function viewFromSearch(search: URLSearchParams): ContactView {
  const searchQuery = search.get('searchQuery')?.trim().slice(0, 254) || undefined
  const topic = search.get('topicId')
  const topicId = topic && ULID.test(topic) ? topic : undefined
  const status = search.get('status')
  const unsubscribeAll = search.get('unsubscribeAll')
  return {
    searchQuery,
    topicId,
    status: topicId && isStatus(status) ? status : undefined,
    // With a status, on unless the address says `false`: SES counts a contact without a choice as the topic's
    // default. Without one the list is the contacts who chose (the topic's own members), so it does not apply.
    optInByDefault: topicId !== undefined && isStatus(status) && search.get('optInByDefault') !== 'false',
    defaultStatus: topicId !== undefined && search.get('defaultStatus') === 'true',
    unsubscribeAll: unsubscribeAll === 'true' ? true : unsubscribeAll === 'false' ? false : undefined,
  }
}

/** The address's query for a view (what `paths.contacts` takes): defaults left out. */
export function searchForView(view: ContactView): Record<string, string | undefined> {
  const withTopic = view.topicId !== undefined
  return {
    searchQuery: view.searchQuery || undefined,
    topicId: view.topicId,
    status: withTopic ? view.status : undefined,
    optInByDefault: withTopic && view.status && !view.optInByDefault ? 'false' : undefined,
    defaultStatus: withTopic && view.defaultStatus ? 'true' : undefined,
    unsubscribeAll: view.unsubscribeAll === undefined ? undefined : String(view.unsubscribeAll),
  }
}

export function hasFilters(view: ContactView): boolean {
  return Object.values(searchForView(view)).some((value) => value !== undefined)
}

/** The filter fields of `GET contacts` for a view (spec §3; the contract says what each means). */
export function filterQuery(
  view: ContactView,
): Omit<ContactListQuery, 'organizationId' | 'cursor' | 'limit'> {
  const withTopic = view.topicId !== undefined
  return {
    ...(view.searchQuery ? { searchQuery: view.searchQuery } : {}),
    ...(withTopic ? { topicId: view.topicId } : {}),
    ...(withTopic && view.status ? { [view.status]: 'true' as const } : {}),
    ...(withTopic && view.status && view.optInByDefault ? { optInByDefault: 'true' as const } : {}),
    ...(withTopic && view.defaultStatus ? { defaultStatus: 'true' as const } : {}),
    ...(view.unsubscribeAll !== undefined ? { unsubscribeAll: view.unsubscribeAll ? 'true' : 'false' } : {}),
  }
}

/**
 * Pages are reached through opaque cursors: the cursors of the pages after the first, in order. 'Next' pushes the
 * answer's `nextCursor`; 'Previous' pops.
 */
export type CursorStack = readonly string[]
export const currentCursor = (stack: CursorStack) => stack.at(-1)
export const nextPage = (stack: CursorStack, cursor: string | null): CursorStack =>
  cursor ? [...stack, cursor] : stack
export const previousPage = (stack: CursorStack): CursorStack => stack.slice(0, -1)

/**
 * The "select all shown" box: adds the page's contacts to the selection, or (when all of them are selected)
 * takes them out — contacts selected on other pages stay selected, so a selection can span pages (a bulk change
 * of more than 100 runs as a job).
 */
export function togglePageSelection(
  selected: ReadonlySet<string>,
  pageIds: readonly string[],
): ReadonlySet<string> {
  const next = new Set(selected)
  const all = pageIds.length > 0 && pageIds.every((id) => selected.has(id))
  for (const id of pageIds) {
    if (all) next.delete(id)
    else next.add(id)
  }
  return next
}

/** The list's total, in words: every contact, or how many the filters match; null when unknown. */
export function countLine(count: number | null | undefined, filtered: boolean): string | null {
  if (count === null || count === undefined) return null
  const contacts = `${count.toLocaleString('en-US')} ${count === 1 ? 'contact' : 'contacts'}`
  if (!filtered) return contacts
  return `${contacts} ${count === 1 ? 'matches' : 'match'} these filters`
}

/** "Page 2 of 6" when the total is known, else "Page 2". */
export function pageLine(page: number, count: number | null | undefined, pageSize: number): string {
  if (count === null || count === undefined) return `Page ${page}`
  return `Page ${page} of ${Math.max(1, Math.ceil(count / pageSize)).toLocaleString('en-US')}`
}
