import { type ConsentEntry, isPersonSource, type PreferenceStatus } from '@app/contracts'
import { AppError } from '../errors'
import type {
  ConsentOrigin,
  ContactRecord,
  SubscriptionChange,
  SuppressionRecord,
  TopicRecord,
} from './model'

/** The suppression rules of a subscription change and its consent entry (no I/O; `preferences.ts` writes). */

const HARD_REASONS = new Set(['BOUNCED', 'COMPLAINED', 'SES_SUPPRESSION_LIST'])

export const suppressedError = () =>
  new AppError(
    'contact.suppressed',
    'This address is suppressed (bounced, complained or unsubscribed): only the person can subscribe it again.',
  )

/** The contact a new address starts as: what its suppression entry says it left stays left. */
export function freshContact(
  base: Omit<ContactRecord, 'topics' | 'unsubscribeAll' | 'suppressed'>,
  entry?: SuppressionRecord,
): ContactRecord {
  return {
    ...base,
    topics: Object.fromEntries((entry?.topicOptOuts ?? []).map((topicId) => [topicId, 'OPT_OUT' as const])),
    unsubscribeAll: entry?.all?.reason === 'UNSUBSCRIBED',
    suppressed: entry?.all ? { reason: entry.all.reason, at: entry.all.at } : null,
  }
}

interface Resolved {
  contact: ContactRecord
  entry: SuppressionRecord | undefined
  entryChanged: boolean
  refused: string[]
}

/** Applies a subscription change to a contact under the suppression rules (no I/O). */
export function resolveChange(
  contact: ContactRecord,
  entry: SuppressionRecord | undefined,
  change: SubscriptionChange,
  origin: ConsentOrigin,
  topics: Map<string, TopicRecord>,
  onSuppressed: 'refuse' | 'skip',
  at: string,
): Resolved {
  const person = isPersonSource(origin.source)
  const next: ContactRecord = { ...contact, topics: { ...contact.topics } }
  let nextEntry: SuppressionRecord | undefined = entry && { ...entry, topicOptOuts: [...entry.topicOptOuts] }
  const touchEntry = () => {
    nextEntry ??= { email: contact.email, all: null, topicOptOuts: [], updatedAt: at }
    return nextEntry
  }
  const refused: string[] = []
  const refuse = (topicId: string) => {
    if (onSuppressed === 'refuse') throw suppressedError()
    refused.push(topicId)
  }
  for (const [topicId, status] of Object.entries(change.topics ?? {})) {
    const topic = topics.get(topicId)
    if (!topic) throw new AppError('topic.not_found', `No such topic: ${topicId}.`)
    if (topic.deleting) throw new AppError('topic.deleting', `The topic ${topic.name} is being deleted.`)
    const subscribes = status === 'OPT_IN' || status === 'PENDING'
    if (!person && status !== null && subscribes) {
      const hard = entry?.all && HARD_REASONS.has(entry.all.reason)
      const signupPending = origin.source === 'signup' && status === 'PENDING' && !hard
      if (!signupPending && (entry?.all || contact.suppressed || entry?.topicOptOuts.includes(topicId))) {
        refuse(topicId)
        continue
      }
    }
    if (
      !person &&
      status === null &&
      topic.defaultSubscriptionStatus === 'OPT_IN' &&
      entry?.topicOptOuts.includes(topicId)
    ) {
      refuse(topicId)
      continue
    }
    if (status === null) delete next.topics[topicId]
    else next.topics[topicId] = status
    if (person && status === 'OPT_IN') {
      const lifted = touchEntry()
      lifted.all = null
      lifted.topicOptOuts = lifted.topicOptOuts.filter((id) => id !== topicId)
      next.unsubscribeAll = false
    }
    if (person && status === 'OPT_OUT' && !touchEntry().topicOptOuts.includes(topicId)) {
      touchEntry().topicOptOuts.push(topicId)
    }
  }
  if (change.unsubscribeAll !== undefined && change.unsubscribeAll !== next.unsubscribeAll) {
    if (person) {
      next.unsubscribeAll = change.unsubscribeAll
      const own = touchEntry()
      if (change.unsubscribeAll && !own.all) own.all = { reason: 'UNSUBSCRIBED', at, source: origin.source }
      if (!change.unsubscribeAll) own.all = null
    } else if (!change.unsubscribeAll && entry?.all?.reason === 'UNSUBSCRIBED') {
      if (onSuppressed === 'refuse') throw suppressedError()
    } else {
      next.unsubscribeAll = change.unsubscribeAll
    }
  }
  const entryChanged = JSON.stringify(nextEntry ?? null) !== JSON.stringify(entry ?? null)
  if (nextEntry && entryChanged) nextEntry.updatedAt = at
  next.suppressed = nextEntry?.all ? { reason: nextEntry.all.reason, at: nextEntry.all.at } : null
  return { contact: next, entry: nextEntry, entryChanged, refused }
}

/** The consent entry describing a change (null when no subscription-related field moved). */
export function trailEntry(
  before: ContactRecord | null,
  after: ContactRecord,
  origin: ConsentOrigin,
): Omit<ConsentEntry, 'at'> | null {
  const changes: { topicId: string; from: PreferenceStatus | null; to: PreferenceStatus | null }[] = []
  for (const topicId of new Set([...Object.keys(before?.topics ?? {}), ...Object.keys(after.topics)])) {
    const from = before?.topics[topicId] ?? null
    const to = after.topics[topicId] ?? null
    if (from !== to) changes.push({ topicId, from, to })
  }
  const unsubscribeAll = (before?.unsubscribeAll ?? false) !== after.unsubscribeAll
  const suppression = (before?.suppressed?.reason ?? null) !== (after.suppressed?.reason ?? null)
  if (changes.length === 0 && !unsubscribeAll && !suppression) return null
  return {
    source: origin.source,
    by: origin.by ?? null,
    changes,
    ...(unsubscribeAll
      ? { unsubscribeAll: { from: before?.unsubscribeAll ?? false, to: after.unsubscribeAll } }
      : {}),
    ...(suppression
      ? { suppression: { from: before?.suppressed?.reason ?? null, to: after.suppressed?.reason ?? null } }
      : {}),
    ...(origin.campaignId ? { campaignId: origin.campaignId } : {}),
    ...(origin.importId ? { importId: origin.importId } : {}),
    ...(origin.jobId ? { jobId: origin.jobId } : {}),
    ...(origin.ip ? { ip: origin.ip } : {}),
    ...(origin.userAgent ? { userAgent: origin.userAgent } : {}),
  }
}
