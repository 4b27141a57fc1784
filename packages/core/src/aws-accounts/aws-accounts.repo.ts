import type { AwsAccountCheck, SesRegion } from '@app/contracts'
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb'
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
  createdAt: string
  updatedAt: string
  createdBy: string
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

/** Replaces the stored connection (the caller read it in this request; last write wins on the same fields). */
export async function saveConnection(record: AwsConnectionRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...awsAccountKey(record.orgId, record.id), entity: 'AwsAccount', ...record },
      ConditionExpression: 'attribute_exists(PK)',
    }),
  )
}

export async function deleteConnection(orgId: string, id: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: awsAccountKey(orgId, id) }))
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: awsAccountOwnerKey(id) }))
}
