import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { organizationPartition } from '../db/keys'
import { keyOf, tableName } from '../db/table'

export interface KeysPage {
  keys: { PK: string; SK: string }[]
  /** DynamoDB stopped at the limit: items may remain. */
  more: boolean
}

/**
 * One page (at most `limit`) of the keys in the organization's partition, all of them or those whose sort key
 * begins with `prefix`: what a purge pass deletes next.
 */
export async function organizationKeysPage(orgId: string, limit: number, prefix?: string): Promise<KeysPage> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: prefix === undefined ? 'PK = :pk' : 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': organizationPartition(orgId),
        ...(prefix === undefined ? {} : { ':prefix': prefix }),
      },
      ProjectionExpression: 'PK, SK',
      Limit: limit,
    }),
  )
  return { keys: (page.Items ?? []).map(keyOf), more: page.LastEvaluatedKey !== undefined }
}
