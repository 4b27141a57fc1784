import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import type { Key } from '../db/batch'
import { tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'

/** Puts the mark unless it exists: true when this call put it. */
export async function putMark(
  key: Key,
  mark: { entity: string; at: string; expiresAt?: number | undefined },
): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          entity: mark.entity,
          at: mark.at,
          ...(mark.expiresAt === undefined ? {} : { expiresAt: mark.expiresAt }),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

export async function deleteMark(key: Key): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key }))
}
