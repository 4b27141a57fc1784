import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { organizationPartition, sesPublicationKey, sesPublicationPrefix } from '../db/keys'
import { type Item, queryAll, tableName } from '../db/table'

/** A template published to (or imported from) one AWS account's SES. */
export interface PublicationRecord {
  orgId: string
  awsAccountId: string
  templateId: string
  sesName: string
  publishedVersion: number
  /** sha256 of subject, HTML and text as published. */
  fingerprint: string
  publishedAt: string
  /** What the last refresh (or the publish itself) found in SES; null when SES no longer has it. */
  seenFingerprint: string | null
  checkedAt: string
}

const toRecord = (item: Item) => {
  const { PK: _pk, SK: _sk, entity: _entity, ...rest } = item
  return rest as unknown as PublicationRecord
}

export async function getPublication(orgId: string, awsAccountId: string, templateId: string) {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: sesPublicationKey(orgId, awsAccountId, templateId),
      ConsistentRead: true,
    }),
  )
  return Item ? toRecord(Item) : undefined
}

export async function listPublications(orgId: string, awsAccountId: string): Promise<PublicationRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': organizationPartition(orgId),
      ':prefix': sesPublicationPrefix(awsAccountId),
    },
    ConsistentRead: true,
  })
  return items.map(toRecord)
}

export async function putPublication(record: PublicationRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...sesPublicationKey(record.orgId, record.awsAccountId, record.templateId),
        entity: 'SesPublication',
        ...record,
      },
    }),
  )
}

export async function recordSeen(
  record: PublicationRecord,
  seenFingerprint: string | null,
  checkedAt: string,
): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sesPublicationKey(record.orgId, record.awsAccountId, record.templateId),
        UpdateExpression: 'SET seenFingerprint = :seen, checkedAt = :at',
        // A publish meanwhile wrote a newer record: leave it.
        ConditionExpression: 'attribute_exists(PK) AND fingerprint = :published',
        ExpressionAttributeValues: {
          ':seen': seenFingerprint,
          ':at': checkedAt,
          ':published': record.fingerprint,
        },
      }),
    )
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error
  }
}

export async function deletePublication(orgId: string, awsAccountId: string, templateId: string) {
  await dynamo().send(
    new DeleteCommand({ TableName: tableName(), Key: sesPublicationKey(orgId, awsAccountId, templateId) }),
  )
}
