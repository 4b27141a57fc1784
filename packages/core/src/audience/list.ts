import type { ContactFilters, Page } from '@app/contracts'
import * as z from 'zod'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { AppError } from '../errors'
import { readPhase } from './contact-index.repo'
import { matchesSearch, matchesTopicFilters, planRead } from './filters'
import type { ContactRecord } from './model'
import { getTopic } from './topics.repo'

/** Index entries one call reads at most before answering a partial page (a bounded filtered read). */
export const LIST_READ_BUDGET = 4000

const PositionSchema = z
  .object({ phase: z.number().int().min(0).max(1), after: z.string().optional() })
  .strict()

export interface ContactPageQuery extends ContactFilters {
  limit: number
  cursor?: string
}

/**
 * One page of an organization's contacts matching the filters (semantics in contracts' `ContactListQuerySchema`),
 * read through the plan `filters.ts` chooses, from the signed cursor's position. A filtered read stops after
 * `LIST_READ_BUDGET` index entries and answers what it found with a cursor to continue.
 */
export async function pageContacts(
  orgId: string,
  query: ContactPageQuery,
  readBudget = LIST_READ_BUDGET,
): Promise<Page<ContactRecord>> {
  const { limit, cursor, ...filters } = query
  const cursorQuery = {
    list: 'contacts',
    scope: orgId,
    filters: Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value])) as Record<
      string,
      string | boolean | undefined
    >,
  }
  const position = cursorPosition(cursorQuery, cursor, PositionSchema)
  let topic: Awaited<ReturnType<typeof getTopic>>
  if (filters.topicId) {
    topic = await getTopic(orgId, filters.topicId)
    if (!topic || topic.deleting) throw new AppError('topic.not_found', 'No such topic.')
  }
  const plan = planRead(filters, topic)
  const rows: ContactRecord[] = []
  let phase = position?.phase ?? 0
  let after = position?.after
  let budget = readBudget
  while (phase < plan.phases.length && rows.length < limit && budget > 0) {
    const current = plan.phases[phase]
    if (!current) break
    // Index-backed phases fill their page; filtered ones stop at the budget (a partial page).
    const filtered = current.index !== 'preference' && current.filter !== undefined
    const read = await readPhase(
      orgId,
      current,
      after,
      limit - rows.length,
      filtered ? budget : Number.POSITIVE_INFINITY,
    )
    if (filtered) budget -= read.evaluated
    rows.push(
      ...read.rows.filter(
        (contact) =>
          matchesTopicFilters(contact, filters, topic) &&
          matchesSearch(contact, filters.searchQuery) &&
          (current.index !== 'name' || !contact.email.startsWith(current.prefix)),
      ),
    )
    if (read.next !== undefined) {
      after = read.next
      break
    }
    phase++
    after = undefined
  }
  const done = phase >= plan.phases.length
  return {
    items: rows,
    nextCursor: done ? null : encodeCursor(cursorQuery, { phase, ...(after !== undefined ? { after } : {}) }),
  }
}
