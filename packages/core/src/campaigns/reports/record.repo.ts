import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../../aws'
import { REPORT_SUBSHARDS, recipientKey } from '../../db/keys'
import { tableName } from '../../db/table'
import { TransactionFailed, transact } from '../../db/transact'
import { retry } from '../../platform/retry'
import { shardOf } from '../sending/public'
import { decide, type RecipientActivity, RecipientActivitySchema } from './decide'
import { bucketOf, type EngagementEvent, eventIdentity } from './model'
import {
  addToSums,
  aggregateItems,
  dedupeFor,
  emptySums,
  markerItem,
  recipientUpdate,
  seenId,
} from './record-items'

const ATTEMPTS = 8

export type RecordResult = 'counted' | 'duplicate' | 'unknown_recipient'

async function readActivity(key: { PK: string; SK: string }): Promise<RecipientActivity | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  )
  return Item ? RecipientActivitySchema.parse(Item) : undefined
}

/**
 * Counts one event exactly once (CL8): the event's id in its recipient's `seen` set (or, past `SEEN_LIMIT`, its
 * marker item keyed by the event's identity, with a TTL), the recipient's activity and the counters commit in ONE
 * transaction, so a redelivered or republished event finds its id or marker and changes nothing, and a crash
 * counts nothing. The recipient's change is conditioned on the report version read,
 * so two events of one recipient racing cannot both take its "first open": the loser reads again and retries.
 * The events worker counts whole batches (`record-batch.repo.ts`) and comes here when a batch's transaction is
 * cancelled; unsubscribes (one at a time from the outbox) come here directly.
 */
export async function recordEngagement(event: EngagementEvent, now = new Date()): Promise<RecordResult> {
  const identity = eventIdentity(event)
  const recipient = { ...event, shard: shardOf(event.contactId) }
  const key = recipientKey(event.orgId, event.campaignId, recipient.shard, event.contactId)
  return retry(
    async (): Promise<RecordResult> => {
      const state = await readActivity(key)
      if (!state) return 'unknown_recipient'
      if (state.seen?.has(seenId(identity))) return 'duplicate'
      const dedupe = dedupeFor(state, [identity])
      const change = decide(event, state)
      const sums = emptySums()
      addToSums(sums, change, bucketOf(event.at, event.sentAt))
      const items = [
        ...('markers' in dedupe ? [markerItem(recipient, identity, event.type, now)] : []),
        recipientUpdate(
          recipient,
          state,
          { ...change, links: change.addLink ? [change.addLink] : [] },
          dedupe,
        ),
        ...aggregateItems(event, sums, recipient.shard, Math.floor(Math.random() * REPORT_SUBSHARDS)),
      ]
      try {
        await transact(items, { conflictRetries: 8 })
        return 'counted'
      } catch (error) {
        if (error instanceof TransactionFailed && error.conditionFailed('report.marker')) return 'duplicate'
        throw error
      }
    },
    {
      attempts: ATTEMPTS + 1,
      baseMs: 0,
      maxMs: 0,
      // The recipient changed since the read (another event of it won): read again.
      retryable: (error) => error instanceof TransactionFailed && error.conditionFailed('report.recipient'),
    },
  )
}
