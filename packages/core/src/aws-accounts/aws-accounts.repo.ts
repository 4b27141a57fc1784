import {
  type AwsAccountCheck,
  AwsAccountCheckSchema,
  type AwsMonitoring,
  AwsMonitoringSchema,
  type Principal,
  type SesRegion,
  SesRegionSchema,
} from '@app/contracts'
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { itemParser, parseItem } from '../db/item'
import { AWS_ACCOUNT_PREFIX, awsAccountKey, awsAccountOwnerKey, organizationKey } from '../db/keys'
import { principalItem } from '../db/principal'
import { queryAll, tableName } from '../db/table'
import { type NamedItem, transact } from '../db/transact'
import { isConditionalCheckFailure } from '../errors'
import { SECRET_PURPOSES } from '../platform/secrets'
import { claimPut, heldClaim, releaseClaim, transactWithClaim } from './account-claims.repo'
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
  /**
   * A connection made before one connection per account and region was the rule, to the same account and region
   * as this older connection (which holds the claim and shares its SES publication state).
   */
  duplicateOf?: string
  verified: boolean
  lastCheck?: AwsAccountCheck
  /** What enable-monitoring created in the customer's account (written only by the monitoring module). */
  monitoring?: MonitoringRecord
  /** Campaigns' share of MaxSendRate in percent (10–100); absent: `DEFAULT_SEND_SHARE_PERCENT`. */
  sendSharePercent?: number
  createdAt: string
  updatedAt: string
  createdBy: Principal
}

export interface MonitoringRecord extends AwsMonitoring {
  eventDestinationName: string
  /** Known once SNS confirmed the subscription (the SubscribeURL's answer). */
  subscriptionArn?: string
}

const ConnectionItem = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  region: SesRegionSchema,
  method: z.enum(['role', 'keys']),
  roleArn: z.string().optional(),
  externalId: z.string().optional(),
  accessKeyId: z.string().optional(),
  secret: z
    .object({
      key: z.string(),
      iv: z.string(),
      ciphertext: z.string(),
      tag: z.string(),
      purpose: z.enum(SECRET_PURPOSES).optional(),
    })
    .optional(),
  awsAccountNumber: z.string().optional(),
  duplicateOf: z.string().optional(),
  verified: z.boolean(),
  lastCheck: AwsAccountCheckSchema.extend({ checkedAt: z.string() }).optional(),
  monitoring: AwsMonitoringSchema.extend({
    enabledAt: z.string(),
    confirmedAt: z.string().nullable(),
    eventDestinationName: z.string(),
    subscriptionArn: z.string().optional(),
  }).optional(),
  sendSharePercent: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  // Connections from before records kept principals hold the user's account id only (their email was not kept).
  createdBy: z.union([
    principalItem,
    z.string().transform((accountId): Principal => ({ type: 'user', accountId, email: '' })),
  ]),
}) satisfies z.ZodType<AwsConnectionRecord>

const toRecord = itemParser(ConnectionItem)
const OwnerItem = z.object({ orgId: z.string() })

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
  return Item ? parseItem(OwnerItem, Item).orgId : undefined
}

export async function getConnection(orgId: string, id: string): Promise<AwsConnectionRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: awsAccountKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? toRecord(Item) : undefined
}

/**
 * Writes a new connection, its owner pointer and (once its AWS account number is known) the claim of its account
 * and region, in one transaction; `ClaimTaken` when another connection of the organization holds that claim.
 */
export async function createConnection(record: AwsConnectionRecord, extra: NamedItem[] = []): Promise<void> {
  const items: NamedItem[] = [
    {
      name: 'aws_account',
      Put: {
        TableName: tableName(),
        Item: { ...awsAccountKey(record.orgId, record.id), entity: 'AwsAccount', ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      name: 'aws_account.owner',
      Put: {
        TableName: tableName(),
        Item: { ...awsAccountOwnerKey(record.id), entity: 'AwsAccountOwner', orgId: record.orgId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    // The organization must still exist (a deletion racing this would otherwise leave an orphan).
    {
      name: 'organization',
      ConditionCheck: {
        TableName: tableName(),
        Key: organizationKey(record.orgId),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
    ...extra,
  ]
  const claim = claimOf(record)
  await transactWithClaim(claim ? [...items, claimPut(claim)] : items, claim)
}

const claimOf = (record: AwsConnectionRecord) =>
  heldClaim(record) && record.awsAccountNumber
    ? { ...record, awsAccountNumber: record.awsAccountNumber }
    : undefined

/**
 * Writes the connection's own fields (the caller read it in this request; last write wins on them). Monitoring
 * state is not among them: SNS confirms subscriptions concurrently, and only `setMonitoring` writes it. When the
 * AWS account number or region changes, the new claim is taken in the same transaction (`ClaimTaken` when another
 * connection holds it, and nothing is written) and the previous one released.
 */
export async function saveConnection(
  record: AwsConnectionRecord,
  previous: AwsConnectionRecord,
): Promise<void> {
  const { id: _id, orgId: _org, monitoring: _monitoring, duplicateOf: _duplicate, ...fields } = record
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined)
  const removeDuplicate = previous.duplicateOf !== undefined && record.duplicateOf === undefined
  const update: NamedItem = {
    name: 'aws_account',
    Update: {
      TableName: tableName(),
      Key: awsAccountKey(record.orgId, record.id),
      UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :f${index}`).join(', ')}${removeDuplicate ? ' REMOVE duplicateOf' : ''}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:f${index}`, value])),
      ConditionExpression: 'attribute_exists(PK)',
    },
  }
  const claim = claimOf(record)
  const before = heldClaim(previous)
  const newClaim = claim && heldClaim(record)?.SK !== before?.SK ? claim : undefined
  await transactWithClaim(newClaim ? [update, claimPut(newClaim)] : [update], newClaim)
  if (before && before.SK !== heldClaim(record)?.SK && previous.awsAccountNumber) {
    await releaseClaim(previous.orgId, previous.awsAccountNumber, previous.region, previous.id)
  }
}

/** Flags a connection as a duplicate of `keptId` (same AWS account and region, made before the rule). */
export async function flagDuplicate(orgId: string, id: string, keptId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: awsAccountKey(orgId, id),
      UpdateExpression: 'SET duplicateOf = :kept',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':kept': keptId },
    }),
  )
}

/**
 * A flagged duplicate takes over the claim of the connection it duplicated (being deleted) and stops being a
 * duplicate, in one transaction.
 */
export async function promoteDuplicate(duplicate: AwsConnectionRecord, fromId: string): Promise<void> {
  if (!duplicate.awsAccountNumber) return
  const put = claimPut({ ...duplicate, duplicateOf: undefined, awsAccountNumber: duplicate.awsAccountNumber })
  if (put.Put) {
    put.Put.ConditionExpression = 'attribute_not_exists(PK) OR connectionId IN (:id, :from)'
    put.Put.ExpressionAttributeValues = { ':id': duplicate.id, ':from': fromId }
  }
  await transactWithClaim(
    [
      put,
      {
        name: 'aws_account',
        Update: {
          TableName: tableName(),
          Key: awsAccountKey(duplicate.orgId, duplicate.id),
          UpdateExpression: 'REMOVE duplicateOf',
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    ],
    { ...duplicate, awsAccountNumber: duplicate.awsAccountNumber },
  )
}

/** Writes the claim of a connection that holds none yet (migrations: connections from before the rule). */
export async function takeClaim(record: AwsConnectionRecord): Promise<void> {
  const claim = claimOf(record)
  if (claim) await transactWithClaim([claimPut(claim)], claim)
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
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

/**
 * Deletes the connection and its owner pointer (with `alsoWrite`, e.g. the event reporting it, in the same
 * transaction), then the claim it holds (if it still holds it).
 */
export async function deleteConnection(
  record: AwsConnectionRecord,
  alsoWrite: NamedItem[] = [],
): Promise<void> {
  await transact([
    {
      name: 'aws_account.connection',
      Delete: { TableName: tableName(), Key: awsAccountKey(record.orgId, record.id) },
    },
    { name: 'aws_account.owner', Delete: { TableName: tableName(), Key: awsAccountOwnerKey(record.id) } },
    ...alsoWrite,
  ])
  if (record.awsAccountNumber) {
    await releaseClaim(record.orgId, record.awsAccountNumber, record.region, record.id)
  }
}
