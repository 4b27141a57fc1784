import { SendMessageCommand } from '@aws-sdk/client-sqs'
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo, sqs } from '../aws'
import { deleteAll } from '../db/batch'
import {
  AWS_ACCOUNT_PREFIX,
  accountMembershipKey,
  awsAccountClaimKey,
  awsAccountOwnerKey,
  hourlyStatsPartition,
  hourlyStatsPrefix,
  hourlyStatsShardSortKey,
  legacySesPublicationPrefix,
  MEMBER_PREFIX,
  messageLogPrefix,
  organizationKey,
  organizationPartition,
  sesPublicationPrefix,
  TEMPLATE_PREFIX,
  templateContentPrefix,
  templateOwnerKey,
  templateVersionPrefix,
} from '../db/keys'
import { queryPartition } from '../db/query'
import { type ShardedPartition, shardKeys } from '../db/shards'
import { keyOf, queryAll, tableName } from '../db/table'
import { coreEnv } from '../env'

export const PurgeMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('organization'), orgId: z.string().min(1) }),
  /**
   * What a deleted AWS connection leaves in its organization's partition: message logs and counts, and the SES
   * publication records of its account and region (when it knew its number).
   */
  z.object({
    kind: z.literal('awsAccount'),
    orgId: z.string().min(1),
    awsAccountId: z.string().min(1),
    awsAccountNumber: z.string().optional(),
    region: z.string().optional(),
  }),
  /** Deleted templates (head and name already gone): their owner pointers, versions and content. */
  z.object({
    kind: z.literal('templates'),
    orgId: z.string().min(1),
    templateIds: z.array(z.string().min(1)).min(1).max(100),
  }),
])
export type PurgeMessage = z.infer<typeof PurgeMessageSchema>

/** Items removed per pass; a larger organization continues in the purge worker. */
export const PURGE_BATCH_ITEMS = 500

/**
 * Removes an organization. The profile goes first, so every access check fails from that moment; then the
 * members' own membership items, then the organization's items in passes of `batchItems`. Returns 'more'
 * when items remain. Safe to repeat: every step deletes what is still there.
 */
export async function purgeOrganizationPass(
  orgId: string,
  batchItems = PURGE_BATCH_ITEMS,
): Promise<'done' | 'more'> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: organizationKey(orgId) }))
  const members = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':member': MEMBER_PREFIX },
    ProjectionExpression: 'accountId',
    ConsistentRead: true,
  })
  await deleteAll(members.map((member) => accountMembershipKey(member.accountId as string, orgId)))

  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': organizationPartition(orgId) },
      ProjectionExpression: 'PK, SK',
      Limit: batchItems,
    }),
  )
  const keys = (page.Items ?? []).map(keyOf)
  // Items kept outside the partition that point into it go with what they point at.
  const pointers = keys.flatMap((key) => {
    const sk = String(key.SK)
    if (sk.startsWith(AWS_ACCOUNT_PREFIX)) return [awsAccountOwnerKey(sk.slice(AWS_ACCOUNT_PREFIX.length))]
    if (sk.startsWith(TEMPLATE_PREFIX)) return [templateOwnerKey(sk.slice(TEMPLATE_PREFIX.length))]
    return []
  })
  await deleteAll([...pointers, ...keys])
  if (page.LastEvaluatedKey) return 'more'
  return purgeShards(hourlyStatsPartition(orgId), undefined, batchItems)
}

/** Removes up to `batchItems` items of a sharded partition (those whose sort key begins with `prefix`). */
async function purgeShards(
  partition: ShardedPartition,
  prefix: string | undefined,
  batchItems: number,
): Promise<'done' | 'more'> {
  for (const pk of shardKeys(partition)) {
    const { items, lastKey } = await queryPartition(pk, {
      ...(prefix ? { sk: { beginsWith: prefix } } : {}),
      attributes: ['PK', 'SK'],
      limit: batchItems,
    })
    await deleteAll(items.map(keyOf))
    if (lastKey) return 'more'
  }
  return 'done'
}

/** Whether a connection of the organization reaches this AWS account and region now (its claim exists). */
async function accountStillConnected(orgId: string, awsAccountNumber: string, region: string) {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: awsAccountClaimKey(orgId, awsAccountNumber, region),
      ConsistentRead: true,
    }),
  )
  return Item !== undefined
}

/**
 * Removes up to `batchItems` of a deleted AWS connection's message logs, counts and SES publication records;
 * 'more' when some remain. Publication records belong to the AWS account and region: they stay while another
 * connection of the organization reaches it (a duplicate took over, or the account was connected again).
 */
export async function purgeAwsAccountPass(
  orgId: string,
  awsAccountId: string,
  batchItems = PURGE_BATCH_ITEMS,
  account?: { awsAccountNumber: string; region: string },
): Promise<'done' | 'more'> {
  const prefixes = [
    messageLogPrefix(awsAccountId),
    hourlyStatsPrefix(awsAccountId),
    legacySesPublicationPrefix(awsAccountId),
  ]
  if (account && !(await accountStillConnected(orgId, account.awsAccountNumber, account.region))) {
    prefixes.push(sesPublicationPrefix(account.awsAccountNumber, account.region))
  }
  for (const prefix of prefixes) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': prefix },
        ProjectionExpression: 'PK, SK',
        Limit: batchItems,
      }),
    )
    await deleteAll((page.Items ?? []).map(keyOf))
    if (page.LastEvaluatedKey) return 'more'
  }
  return purgeShards(hourlyStatsPartition(orgId), hourlyStatsShardSortKey(awsAccountId, ''), batchItems)
}

/**
 * Removes up to `batchItems` of what deleted templates leave: versions and content, then the owner pointer
 * (last, so a repeated pass still finds the template's organization). 'more' when some remain.
 */
export async function purgeTemplatesPass(
  orgId: string,
  templateIds: string[],
  batchItems = PURGE_BATCH_ITEMS,
): Promise<'done' | 'more'> {
  let budget = batchItems
  for (const id of templateIds) {
    for (const prefix of [templateVersionPrefix(id), templateContentPrefix(id)]) {
      const page = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': prefix },
          ProjectionExpression: 'PK, SK',
          Limit: budget,
        }),
      )
      await deleteAll((page.Items ?? []).map(keyOf))
      budget -= page.Items?.length ?? 0
      if (page.LastEvaluatedKey || budget <= 0) return 'more'
    }
    await deleteAll([templateOwnerKey(id)])
  }
  return 'done'
}

/** One pass of whichever purge the message asks for. */
export function purgePass(message: PurgeMessage, batchItems = PURGE_BATCH_ITEMS): Promise<'done' | 'more'> {
  switch (message.kind) {
    case 'organization':
      return purgeOrganizationPass(message.orgId, batchItems)
    case 'awsAccount':
      return purgeAwsAccountPass(
        message.orgId,
        message.awsAccountId,
        batchItems,
        message.awsAccountNumber && message.region
          ? { awsAccountNumber: message.awsAccountNumber, region: message.region }
          : undefined,
      )
    case 'templates':
      return purgeTemplatesPass(message.orgId, message.templateIds, batchItems)
  }
}

export async function enqueuePurge(message: PurgeMessage): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: coreEnv().purgeQueueUrl, MessageBody: JSON.stringify(message) }),
  )
}

/** One pass now; whatever remains is handed to the purge worker. */
export async function purgeOrganization(orgId: string, batchItems = PURGE_BATCH_ITEMS): Promise<void> {
  if ((await purgeOrganizationPass(orgId, batchItems)) === 'more') {
    await enqueuePurge({ kind: 'organization', orgId })
  }
}
