import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { itemParser } from '../db/item'
import { AWS_ACCOUNT_PREFIX, awsAccountKey, organizationPartition } from '../db/keys'
import { tableName } from '../db/table'

/** What a list of connections shows of each (the suppression sync's): not the credentials, not the monitoring. */
const ConnectionLabel = z.object({ id: z.string(), name: z.string().optional(), region: z.string() })
export type ConnectionLabel = z.infer<typeof ConnectionLabel>
const toLabel = itemParser(ConnectionLabel)

/**
 * A page of the organization's connections, oldest first (9b: ids are ULIDs, so the sort key is the creation
 * order), after the connection `afterId`. `more` says another page follows (one row past the page was read).
 */
export async function listConnectionLabels(
  orgId: string,
  options: { limit: number; afterId?: string },
): Promise<{ connections: ConnectionLabel[]; more: boolean }> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeNames: { '#id': 'id', '#name': 'name', '#region': 'region' },
      ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': AWS_ACCOUNT_PREFIX },
      ProjectionExpression: '#id, #name, #region',
      ConsistentRead: true,
      Limit: options.limit + 1,
      ...(options.afterId ? { ExclusiveStartKey: awsAccountKey(orgId, options.afterId) } : {}),
    }),
  )
  const connections = Items.map(toLabel)
  return { connections: connections.slice(0, options.limit), more: connections.length > options.limit }
}
