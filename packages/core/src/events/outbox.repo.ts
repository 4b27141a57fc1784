import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { dynamo } from '../aws'
import { OUTBOX_SHARDS, outboxEventKey, outboxPendingPartition } from '../db/keys'
import { GSI1, type Item, tableName } from '../db/table'
import { DISPATCHED_RETENTION_SECONDS } from './outbox'

/** Every subscriber ran: out of the pending index, and gone after the retention period. */
export async function markDispatched(eventId: string, now = new Date()): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxEventKey(eventId),
      UpdateExpression: 'SET dispatchedAt = :now, expiresAt = :ttl REMOVE GSI1PK, GSI1SK',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':now': now.toISOString(),
        ':ttl': Math.floor(now.getTime() / 1000) + DISPATCHED_RETENTION_SECONDS,
      },
    }),
  )
}

/**
 * Outbox items not dispatched yet, oldest first per shard (`limit` per shard). `olderThanMs` leaves alone what
 * was written moments ago, which the stream (on AWS) is about to hand over anyway.
 */
export async function listPendingItems(limit = 25, olderThanMs = 0, now = Date.now()): Promise<Item[]> {
  const before = ulid(now - olderThanMs).slice(0, 10)
  const shards = Array.from({ length: OUTBOX_SHARDS }, (_, shard) => shard)
  const pages = await Promise.all(
    shards.map((shard) =>
      dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: GSI1,
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
          ExpressionAttributeValues: { ':pk': outboxPendingPartition(shard), ':before': `${before}~` },
          Limit: limit,
        }),
      ),
    ),
  )
  return pages
    .flatMap((page) => (page.Items ?? []) as Item[])
    .sort((a, b) => String(a.id).localeCompare(String(b.id)))
}
