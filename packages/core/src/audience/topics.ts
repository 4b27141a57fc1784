import type { JobSummary, Principal } from '@app/contracts'
import {
  type CreateTopicBodySchema,
  TOPICS_MAX,
  type Topic,
  type TopicCounts,
  type TopicList,
  type UpdateTopicBodySchema,
} from '@app/contracts'
import { ulid } from 'ulid'
import type * as z from 'zod'
import { principalOf } from '../actor'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import { startJob } from '../jobs/public'
import type { OrganizationContext } from '../organizations/public'
import { readCounters } from './contacts.repo'
import type { TopicRecord } from './model'
import * as Repo from './topics.repo'

const notFound = () => new AppError('topic.not_found', 'No such topic.')

/** A topic's counts from the organization's summed counters (db/keys.ts A9). */
export function countsOf(
  topic: Pick<TopicRecord, 'id' | 'defaultSubscriptionStatus'>,
  counters: Record<string, number>,
): TopicCounts {
  const total = counters.contacts ?? 0
  const optedIn = counters[`in_${topic.id}`] ?? 0
  const optedOut = counters[`out_${topic.id}`] ?? 0
  const pending = counters[`pending_${topic.id}`] ?? 0
  const subscribed =
    topic.defaultSubscriptionStatus === 'OPT_IN'
      ? total - (counters.blocked ?? 0) - optedOut - pending
      : optedIn
  return { subscribed, unsubscribed: total - subscribed - pending, pending, total }
}

export function toTopic(topic: TopicRecord, counters: Record<string, number>): Topic {
  return {
    id: topic.id,
    organizationId: topic.orgId,
    name: topic.name,
    description: topic.description,
    defaultSubscriptionStatus: topic.defaultSubscriptionStatus,
    doubleOptIn: topic.doubleOptIn,
    counts: countsOf(topic, counters),
    status: topic.deleting ? 'deleting' : 'active',
    createdAt: topic.createdAt,
    updatedAt: topic.updatedAt,
  }
}

const byName = (a: TopicRecord, b: TopicRecord) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())

export async function listTopics({ organizationId }: OrganizationContext): Promise<TopicList> {
  const [topics, counters] = await Promise.all([
    Repo.listTopics(organizationId),
    readCounters(organizationId),
  ])
  return { items: topics.sort(byName).map((topic) => toTopic(topic, counters)), nextCursor: null }
}

async function requireTopic(orgId: string, id: string): Promise<TopicRecord> {
  const topic = await Repo.getTopic(orgId, id)
  if (!topic) throw notFound()
  return topic
}

export async function getTopic({ organizationId }: OrganizationContext, id: string): Promise<Topic> {
  const [topic, counters] = await Promise.all([
    requireTopic(organizationId, id),
    readCounters(organizationId),
  ])
  return toTopic(topic, counters)
}

export const createTopic = (
  { organizationId, actor }: OrganizationContext,
  body: z.output<typeof CreateTopicBodySchema>,
): Promise<Topic> => createTopicRecord(organizationId, body, principalOf(actor))

/** Creates a topic (409 `topic.name_exists` for a name taken case-insensitively, `topic.limit_reached`). */
export async function createTopicRecord(
  organizationId: string,
  body: z.output<typeof CreateTopicBodySchema>,
  actor: Principal,
): Promise<Topic> {
  const existing = await Repo.listTopics(organizationId)
  if (existing.length >= TOPICS_MAX)
    throw new AppError('topic.limit_reached', `An organization has at most ${TOPICS_MAX} topics.`)
  const at = new Date().toISOString()
  const topic: TopicRecord = { id: ulid(), orgId: organizationId, ...body, createdAt: at, updatedAt: at }
  await Repo.createTopic(topic, [
    outboxPut(newEvent('topic.created', organizationId, { topicId: topic.id, name: topic.name }, actor)),
  ])
  return toTopic(topic, {})
}

export async function updateTopic(
  { organizationId }: OrganizationContext,
  id: string,
  body: z.output<typeof UpdateTopicBodySchema>,
): Promise<Topic> {
  const before = await requireTopic(organizationId, id)
  if (before.deleting) throw new AppError('topic.deleting', 'This topic is being deleted.')
  const after: TopicRecord = { ...before, ...body, updatedAt: new Date().toISOString() }
  if (after.doubleOptIn && after.defaultSubscriptionStatus === 'OPT_IN')
    throw new AppError(
      'request.invalid',
      'A double opt-in topic defaults to OPT_OUT: contacts are subscribed only once they confirm.',
    )
  await Repo.saveTopic(before, after)
  return toTopic(after, await readCounters(organizationId))
}

/**
 * Deletes a topic: marked at once (it takes no new preference; lists show it `deleting`), then the
 * `audience.topic_delete` job removes its preferences from every contact and finally the topic (`jobs.ts`).
 */
export async function deleteTopic(context: OrganizationContext, id: string): Promise<JobSummary> {
  const topic = await requireTopic(context.organizationId, id)
  await Repo.markDeleting(context.organizationId, topic.id, [
    outboxPut(
      newEvent(
        'topic.deleted',
        context.organizationId,
        { topicId: topic.id, name: topic.name },
        principalOf(context.actor),
      ),
    ),
  ])
  const job = await startJob({
    actor: context.actor,
    orgId: context.organizationId,
    kind: 'audience.topic_delete',
    awsAccountId: null,
    items: [{ key: topic.id, label: topic.name }],
  })
  const { items: _items, ...summary } = job
  return summary
}
