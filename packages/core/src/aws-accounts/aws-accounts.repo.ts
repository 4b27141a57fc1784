import type { AwsAccountCheck, AwsMonitoring, SesRegion } from '@app/contracts'
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { AWS_ACCOUNT_PREFIX, awsAccountKey, awsAccountOwnerKey, organizationKey } from '../db/keys'
import { type Item, queryAll, tableName } from '../db/table'
import type { SealedSecret } from './secrets'

/** One connection of an organization to an AWS account (the spec's "SES/AWS account"). */
export interface AwsConnectionRecord {
  id: string
  orgId: string
  name: string
  region: SesRegion
  method: 'role' | 'keys'
  roleArn?: string
  externalId?: string
  accessKeyId?: string
  /** Keys only: the secret access key, sealed (never stored or returned in plaintext). */
  secret?: SealedSecret
  awsAccountNumber?: string
  verified: boolean
  lastCheck?: AwsAccountCheck
  /** What enable-monitoring created in the customer's account (written only by the monitoring module). */
  monitoring?: MonitoringRecord
  createdAt: string
  updatedAt: string
  createdBy: string
}

export interface MonitoringRecord extends AwsMonitoring {
  eventDestinationName: string
  /** Known once SNS confirmed the subscription (the SubscribeURL's answer). */
  subscriptionArn?: string
}

function toRecord(item: Item): AwsConnectionRecord {
  const { PK: _pk, SK: _sk, entity: _entity, ...rest } = item
  return rest as unknown as AwsConnectionRecord
}

export async function listConnections(orgId: string): Promise<AwsConnectionRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationKey(orgId).PK, ':prefix': AWS_ACCOUNT_PREFIX },
    ConsistentRead: true,
  })
  return items.map(toRecord).sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

/** The organization a connection belongs to (the pointer is written with the connection). */
export async function organizationOf(id: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: awsAccountOwnerKey(id), ConsistentRead: true }),
  )
  return Item?.orgId as string | undefined
}

export async function getConnection(orgId: string, id: string): Promise<AwsConnectionRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: awsAccountKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? toRecord(Item) : undefined
}

export async function createConnection(record: AwsConnectionRecord): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...awsAccountKey(record.orgId, record.id), entity: 'AwsAccount', ...record },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { ...awsAccountOwnerKey(record.id), entity: 'AwsAccountOwner', orgId: record.orgId },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        // The organization must still exist (a deletion racing this would otherwise leave an orphan).
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: organizationKey(record.orgId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
      ],
    }),
  )
}

/**
 * Writes the connection's own fields (the caller read it in this request; last write wins on them). Monitoring
 * state is not among them: SNS confirms subscriptions concurrently, and only `setMonitoring` writes it.
 */
export async function saveConnection(record: AwsConnectionRecord): Promise<void> {
  const { id: _id, orgId: _org, monitoring: _monitoring, ...fields } = record
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined)
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: awsAccountKey(record.orgId, record.id),
      UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :f${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:f${index}`, value])),
      ConditionExpression: 'attribute_exists(PK)',
    }),
  )
}

/** Sets (or, with null, removes) the connection's monitoring state. */
export async function setMonitoring(
  orgId: string,
  id: string,
  monitoring: MonitoringRecord | null,
): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: awsAccountKey(orgId, id),
      ...(monitoring
        ? { UpdateExpression: 'SET monitoring = :m', ExpressionAttributeValues: { ':m': monitoring } }
        : { UpdateExpression: 'REMOVE monitoring' }),
      ConditionExpression: 'attribute_exists(PK)',
    }),
  )
}

/**
 * Marks monitoring confirmed, if the connection still monitors through this topic (a late confirmation of a
 * topic monitoring has since left changes nothing). Returns whether it did.
 */
export async function confirmMonitoring(
  orgId: string,
  id: string,
  topicArn: string,
  subscriptionArn: string,
  at: string,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: awsAccountKey(orgId, id),
        UpdateExpression:
          'SET monitoring.#state = :active, monitoring.confirmedAt = :at, monitoring.subscriptionArn = :sub',
        ConditionExpression: 'monitoring.topicArn = :topic',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':active': 'ACTIVE',
          ':at': at,
          ':sub': subscriptionArn,
          ':topic': topicArn,
        },
      }),
    )
    return true
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false
    throw error
  }
}

export async function deleteConnection(orgId: string, id: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: awsAccountKey(orgId, id) }))
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: awsAccountOwnerKey(id) }))
}
