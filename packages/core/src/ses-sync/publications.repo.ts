import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { itemParser } from '../db/item'
import { organizationPartition, sesPublicationKey, sesPublicationPrefix } from '../db/keys'
import { queryAll, tableName } from '../db/table'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import { AppError, isConditionalCheckFailure } from '../errors'
import { ensureOrganizationMigrated } from '../migrations/public'

/**
 * Where publication state lives: an organization's view of one AWS account and region (whichever connection
 * reaches it). A connection record fits, once its account number is known.
 */
export interface PublicationTarget {
  orgId: string
  awsAccountNumber: string
  region: string
}

/** A template published to (or imported from) one AWS account's SES in one region. */
export interface PublicationRecord extends PublicationTarget {
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

/** The target of a connection whose AWS account number is known (every verified one), else undefined. */
export function targetOf(connection: {
  orgId: string
  region: string
  awsAccountNumber?: string
}): PublicationTarget | undefined {
  const { orgId, region, awsAccountNumber } = connection
  return awsAccountNumber ? { orgId, region, awsAccountNumber } : undefined
}

/** The target of a verified connection; one verified before account numbers were required is checked again. */
export function publicationTarget(connection: {
  orgId: string
  region: string
  awsAccountNumber?: string
}): PublicationTarget {
  const target = targetOf(connection)
  if (!target) {
    throw new AppError(
      'aws_account.not_verified',
      "SES Studio does not know this AWS account's number yet; check it again on its Status page.",
    )
  }
  return target
}

const keyOf = (target: PublicationTarget, templateId: string) =>
  sesPublicationKey(target.orgId, target.awsAccountNumber, target.region, templateId)

const PublicationItem = z.object({
  orgId: z.string(),
  awsAccountNumber: z.string(),
  region: z.string(),
  templateId: z.string(),
  sesName: z.string(),
  publishedVersion: z.number().int(),
  fingerprint: z.string(),
  publishedAt: z.string(),
  seenFingerprint: z.string().nullable(),
  checkedAt: z.string(),
}) satisfies z.ZodType<PublicationRecord>

const toRecord = itemParser(PublicationItem)

export async function getPublication(target: PublicationTarget, templateId: string) {
  await ensureOrganizationMigrated(target.orgId)
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keyOf(target, templateId), ConsistentRead: true }),
  )
  return Item ? toRecord(Item) : undefined
}

export async function listPublications(target: PublicationTarget): Promise<PublicationRecord[]> {
  await ensureOrganizationMigrated(target.orgId)
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': organizationPartition(target.orgId),
      ':prefix': sesPublicationPrefix(target.awsAccountNumber, target.region),
    },
    ConsistentRead: true,
  })
  return items.map(toRecord)
}

/** Writes the publication record; with `also` (e.g. its event's outbox item), in one transaction with them. */
export async function putPublication(record: PublicationRecord, also: NamedItem[] = []): Promise<void> {
  await ensureOrganizationMigrated(record.orgId)
  const Item = { ...keyOf(record, record.templateId), entity: 'SesPublication', ...record }
  if (also.length > 0) {
    await transact([{ name: 'publication', Put: { TableName: tableName(), Item } }, ...also])
    return
  }
  await dynamo().send(new PutCommand({ TableName: tableName(), Item }))
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
        Key: keyOf(record, record.templateId),
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
    if (!isConditionalCheckFailure(error)) throw error
  }
}

/**
 * Deletes the publication record; with `also` (its event's outbox item), in one transaction with them and only if
 * the record is still there (false when it was gone already, and nothing is written).
 */
export async function deletePublication(
  target: PublicationTarget,
  templateId: string,
  also: NamedItem[] = [],
): Promise<boolean> {
  await ensureOrganizationMigrated(target.orgId)
  const Key = keyOf(target, templateId)
  if (also.length === 0) {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key }))
    return true
  }
  try {
    await transact([
      {
        name: 'publication',
        Delete: { TableName: tableName(), Key, ConditionExpression: 'attribute_exists(PK)' },
      },
      ...also,
    ])
    return true
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed('publication')) return false
    throw error
  }
}
