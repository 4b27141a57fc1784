import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { outboxEventKey } from '../db/keys'
import { tableName } from '../db/table'
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
