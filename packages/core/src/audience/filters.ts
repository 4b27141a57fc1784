import type { ContactFilters, PreferenceStatus } from '@app/contracts'
import { nameKeyOf } from './contacts.repo'
import { type ContactRecord, effectiveStatus, isBlocked, type TopicRecord } from './model'

/**
 * How `GET contacts` reads a filter combination (the contract, contracts `ContactListQuerySchema`, states the
 * semantics): a list of phases read one after the other (email matches, then name-only matches), each over one
 * index scatter-gathered across the audience shards:
 * - `email`: contacts by email (GSI1), optionally from a prefix;
 * - `name`: contacts by lower-case full name (GSI2) from the search prefix;
 * - `preference`: a topic's preference items by effective status and email (the table), then the contacts.
 * `filter` is the DynamoDB FilterExpression over contact items (absent = index-backed); every row is also checked
 * by `matches` (the exact semantics in code), so a row changed between the index and the read is left out.
 */
export type Phase =
  | { index: 'email'; prefix?: string; filter?: Expression }
  | { index: 'name'; prefix: string; filter?: Expression }
  | { index: 'preference'; prefix: string }

export interface Expression {
  expression: string
  names: Record<string, string>
  values: Record<string, unknown>
}

export interface ReadPlan {
  phases: Phase[]
  /** Some phase filters (a page may come back partial). */
  bounded: boolean
}

const KEY_STATUS = { OPT_IN: 'IN', OPT_OUT: 'OUT', PENDING: 'PENDING' } as const

export const statusOf = (filters: ContactFilters): PreferenceStatus | undefined =>
  filters.optIn ? 'OPT_IN' : filters.optOut ? 'OPT_OUT' : filters.pending ? 'PENDING' : undefined

/** The exact semantics, in code: does this contact match the filters (searchQuery aside)? */
export function matchesTopicFilters(
  contact: ContactRecord,
  filters: ContactFilters,
  topic?: TopicRecord,
): boolean {
  if (filters.unsubscribeAll !== undefined && contact.unsubscribeAll !== filters.unsubscribeAll) return false
  if (!topic) return true
  const explicit = contact.topics[topic.id] !== undefined
  if (filters.defaultStatus && explicit) return false
  if (!explicit && !filters.optInByDefault && !filters.defaultStatus) return false
  const status = statusOf(filters)
  return status === undefined || effectiveStatus(contact, topic) === status
}

export const matchesSearch = (contact: ContactRecord, searchQuery: string | undefined) =>
  searchQuery === undefined ||
  contact.email.startsWith(searchQuery) ||
  (nameKeyOf(contact)?.startsWith(searchQuery) ?? false)

/** The FilterExpression of the topic and unsubscribeAll filters over contact items; null = nothing can match. */
function contactFilter(filters: ContactFilters, topic?: TopicRecord): Expression | null | undefined {
  const parts: string[] = []
  const names: Record<string, string> = {}
  const values: Record<string, unknown> = {}
  if (filters.unsubscribeAll !== undefined) {
    parts.push('unsubscribeAll = :unsubscribeAll')
    values[':unsubscribeAll'] = filters.unsubscribeAll
  }
  if (topic) {
    names['#topics'] = 'topics'
    names['#t'] = topic.id
    const has = 'attribute_exists(#topics.#t)'
    const none = 'attribute_not_exists(#topics.#t)'
    const blocked = 'blocked = :true'
    const open = 'attribute_not_exists(blocked)'
    const status = statusOf(filters)
    const explicitPart =
      status === 'OPT_IN'
        ? `(${open} AND #topics.#t = :status)`
        : status === 'OPT_OUT'
          ? `(${has} AND (${blocked} OR #topics.#t = :status))`
          : status === 'PENDING'
            ? `(${open} AND #topics.#t = :status)`
            : has
    const byDefault = topic.defaultSubscriptionStatus
    const defaultPart =
      status === undefined
        ? none
        : status === 'PENDING'
          ? null
          : status === 'OPT_IN'
            ? byDefault === 'OPT_IN'
              ? `(${none} AND ${open})`
              : null
            : byDefault === 'OPT_OUT'
              ? none
              : `(${none} AND ${blocked})`
    let topicPart: string | null
    if (filters.defaultStatus) topicPart = defaultPart
    else if (filters.optInByDefault)
      topicPart = defaultPart ? `(${explicitPart} OR ${defaultPart})` : explicitPart
    else topicPart = explicitPart
    if (topicPart === null) return null
    parts.push(topicPart)
    if (topicPart.includes(':status')) values[':status'] = status
    if (topicPart.includes(':true')) values[':true'] = true
  }
  if (parts.length === 0) return undefined
  return { expression: parts.join(' AND '), names, values }
}

/** Whether the topic filters can be answered from the topic's preference index alone. */
function preferenceIndexAnswers(filters: ContactFilters, topic: TopicRecord): boolean {
  if (filters.unsubscribeAll !== undefined) return false
  const status = statusOf(filters)
  if (filters.defaultStatus) return false
  if (!filters.optInByDefault) return true
  // The default adds nobody: OPT_IN asked of an OPT_OUT topic (blocked contacts are never OPT_IN), or PENDING.
  return status === 'PENDING' || (status === 'OPT_IN' && topic.defaultSubscriptionStatus === 'OPT_OUT')
}

/** Chooses the phases for a filter combination; `phases: []` when nothing can match. */
export function planRead(filters: ContactFilters, topic?: TopicRecord): ReadPlan {
  const q = filters.searchQuery
  const filter = contactFilter(filters, topic)
  if (filter === null) return { phases: [], bounded: false }
  const nameFilter = (base: Expression | undefined): Expression => ({
    expression: `NOT begins_with(email, :q)${base ? ` AND ${base.expression}` : ''}`,
    names: { ...base?.names },
    values: { ...base?.values, ':q': q },
  })
  if (topic && preferenceIndexAnswers(filters, topic)) {
    const status = statusOf(filters)
    if (status !== undefined || q === undefined) {
      const prefix = status ? `${topic.id}#${KEY_STATUS[status]}#${q ?? ''}` : `${topic.id}#`
      const phases: Phase[] = [{ index: 'preference', prefix }]
      if (q !== undefined) phases.push({ index: 'name', prefix: q, filter: nameFilter(filter) })
      return { phases, bounded: q !== undefined }
    }
  }
  if (q === undefined)
    return { phases: [{ index: 'email', ...(filter ? { filter } : {}) }], bounded: filter !== undefined }
  return {
    phases: [
      { index: 'email', prefix: q, ...(filter ? { filter } : {}) },
      { index: 'name', prefix: q, filter: nameFilter(filter) },
    ],
    bounded: filter !== undefined,
  }
}

export { isBlocked }
