import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { bounceStreakPartition } from '../db/keys'
import { pickShard } from '../db/shards'
import { tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'

/** A streak nobody added to for this long is forgotten (a soft bounce months ago is not "in a row"). */
const STREAK_TTL_SECONDS = 90 * 86_400

const streakKey = (orgId: string, email: string) => ({
  PK: pickShard(bounceStreakPartition(orgId), email),
  SK: email,
})

/**
 * Counts one soft bounce of `email` by message: the same message counted once, however often its event is
 * delivered. Returns the soft bounces in a row so far.
 */
export async function addSoftBounce(orgId: string, email: string, messageId: string): Promise<number> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: streakKey(orgId, email),
        UpdateExpression:
          'SET entity = :entity, expiresAt = :expires, messageIds = list_append(if_not_exists(messageIds, :empty), :mid) ADD streak :one',
        ConditionExpression: 'attribute_not_exists(messageIds) OR NOT contains(messageIds, :id)',
        ExpressionAttributeValues: {
          ':entity': 'BounceStreak',
          ':expires': Math.floor(Date.now() / 1000) + STREAK_TTL_SECONDS,
          ':empty': [],
          ':mid': [messageId],
          ':id': messageId,
          ':one': 1,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    )
    return Number(Attributes?.streak ?? 1)
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: streakKey(orgId, email), ConsistentRead: true }),
    )
    return Number(Item?.streak ?? 0)
  }
}

/** A delivery (or a suppression) ends the streak. */
export async function endStreak(orgId: string, email: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: streakKey(orgId, email) }))
}
