import { deleteAll } from '../db/batch'
import { preferencePartition } from '../db/keys'
import { queryPartition } from '../db/query'
import { shardKeys } from '../db/shards'
import { keyOf } from '../db/table'
import { AppError } from '../errors'
import { newEvent } from '../events/outbox'
import type { JobEndStatus, JobHandlers, JobKindHandler, JobRecord } from '../jobs/public'
import { requireJobPrincipal, SliceTimeUp } from '../jobs/public'
import { applyBulk, type BulkAction } from './contacts'
import { removeTopicFromContact } from './contacts.repo'
import type { ConsentOrigin } from './model'
import * as Topics from './topics.repo'

/** Preference items removed per round of a topic delete. */
const PAGE = 200

/**
 * `audience.topic_delete`: the topic was marked (no new preference can be written for it), so its preference
 * items only shrink: page them shard by shard, drop the topic from each contact's map (bumping its version, so a
 * concurrent writer re-reads), delete the items; then the counters and the topic. Safe to repeat and to resume
 * in a later slice.
 */
const topicDelete: JobKindHandler<JobRecord> = {
  async prepare(job) {
    return job
  },
  async process(job, item, run) {
    const orgId = job.orgId
    const topic = await Topics.getTopic(orgId, item.key)
    if (!topic) return { status: 'succeeded' }
    for (const pk of shardKeys(preferencePartition(orgId))) {
      for (;;) {
        if (Date.now() >= run.deadline) throw new SliceTimeUp()
        const { items } = await queryPartition(pk, {
          sk: { beginsWith: `${topic.id}#` },
          limit: PAGE,
          consistent: true,
        })
        if (items.length === 0) break
        await run.markAttempted()
        await Promise.all(
          items.map((preference) => removeTopicFromContact(orgId, String(preference.contactId), topic.id)),
        )
        await deleteAll(items.map(keyOf))
      }
    }
    await Topics.removeTopic(topic)
    return { status: 'succeeded' }
  },
}

interface BulkContext {
  orgId: string
  action: BulkAction
  origin: ConsentOrigin
}

function parsePreferences(values: unknown): { topicId: string; status: 'OPT_IN' | 'OPT_OUT' | null }[] {
  if (!Array.isArray(values)) throw new AppError('request.invalid', 'The job has no preferences.')
  return values.map((value) => {
    const [topicId, status] = String(value).split(':')
    return { topicId: topicId ?? '', status: status === 'OPT_IN' || status === 'OPT_OUT' ? status : null }
  })
}

const bulk = (type: 'delete' | 'topics'): JobKindHandler<BulkContext> => ({
  async prepare(job) {
    await requireJobPrincipal(job, 'audience.write')
    return {
      orgId: job.orgId,
      action:
        type === 'delete' ? { type } : { type, topicPreferences: parsePreferences(job.params?.preferences) },
      origin: { source: 'bulk', by: job.createdBy, jobId: job.id },
    }
  },
  // A bulk delete is reported as one event (for the audit log and notifications), a topics change per contact.
  ...(type === 'delete'
    ? {
        endEvents: (job: JobRecord, status: JobEndStatus, at: Date) => [
          newEvent(
            'contacts.deleted',
            job.orgId,
            {
              jobId: job.id,
              status,
              deleted: job.counts.succeeded,
              skipped: job.counts.done - job.counts.succeeded - job.counts.failed,
              failed: job.counts.failed,
            },
            job.createdBy,
            at,
          ),
        ],
      }
    : {}),
  async process(context, item) {
    const outcome = await applyBulk(context.orgId, item.key, context.action, context.origin)
    if (outcome === 'notFound')
      return { status: 'skipped', error: { code: 'contact.not_found', message: 'Skipped: no such contact.' } }
    if (outcome === 'suppressed')
      return {
        status: 'skipped',
        error: {
          code: 'contact.suppressed',
          message: 'Skipped: suppressed, only the person can subscribe it.',
        },
      }
    return { status: 'succeeded' }
  },
})

export const audienceJobHandlers: JobHandlers = {
  'audience.topic_delete': topicDelete,
  'audience.bulk_delete': bulk('delete'),
  'audience.bulk_topics': bulk('topics'),
}
