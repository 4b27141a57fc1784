import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { sesPaceKey } from '../db/keys'
import { tableName } from '../db/table'

export interface PaceKey {
  /** The customer's 12-digit AWS account (or the connection id when unknown): SES's limit is per account. */
  account: string
  region: string
}

const refused = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException'

/** When the account's next free call slot starts (epoch ms); undefined before its first call. */
export async function readNextSlot(key: PaceKey): Promise<number | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: sesPaceKey(key.account, key.region),
      ConsistentRead: true,
    }),
  )
  return typeof Item?.nextAt === 'number' ? Item.nextAt : undefined
}

/**
 * Moves the next free slot from `read` (as `readNextSlot` answered it) to `next`; false when another caller moved
 * it first.
 */
export async function moveNextSlot(
  key: PaceKey,
  read: number | undefined,
  next: number,
  expiresAt: number,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sesPaceKey(key.account, key.region),
        UpdateExpression: 'SET nextAt = :next, entity = :entity, expiresAt = :expires',
        ConditionExpression: read === undefined ? 'attribute_not_exists(nextAt)' : 'nextAt = :read',
        ExpressionAttributeValues: {
          ':next': next,
          ':entity': 'SesPace',
          ':expires': expiresAt,
          ...(read === undefined ? {} : { ':read': read }),
        },
      }),
    )
    return true
  } catch (error) {
    if (!refused(error)) throw error
    return false
  }
}

/** No slot starts before `until` (a later next slot is kept). */
export async function holdSlotsUntil(key: PaceKey, until: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sesPaceKey(key.account, key.region),
        UpdateExpression: 'SET nextAt = :until',
        ConditionExpression: 'attribute_not_exists(nextAt) OR nextAt < :until',
        ExpressionAttributeValues: { ':until': until },
      }),
    )
  } catch (error) {
    if (!refused(error)) throw error
  }
}
