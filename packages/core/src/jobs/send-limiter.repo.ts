import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { parseItem } from '../db/item'
import { sesSendLimiterKey } from '../db/keys'
import { tableName } from '../db/table'
import { type BucketState, DAY_MS, emptyBucket } from './send-bucket'

const Stored = z.object({
  version: z.number(),
  nextAt: z.number(),
  quota: z
    .object({
      maxSendRate: z.number(),
      max24HourSend: z.number(),
      sentLast24Hours: z.number(),
      readAt: z.number(),
    })
    .optional(),
  grantedSinceRead: z.number(),
  hours: z.record(z.string(), z.number()),
  recent: z.record(z.string(), z.number()),
  share: z.number().optional(),
  leases: z.array(z.tuple([z.number(), z.number()])).optional(),
})

/** Another writer changed the limiter since it was read. */
export class Conflict extends Error {}

/** The limiter of an account and region, as last written (empty before its first lease). */
export async function readBucket(account: string, region: string): Promise<BucketState> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: sesSendLimiterKey(account, region),
      ConsistentRead: true,
    }),
  )
  return Item ? parseItem(Stored, Item) : emptyBucket()
}

/** Writes the next state if nobody wrote since `read` was read. */
export async function writeBucket(
  account: string,
  region: string,
  read: BucketState,
  next: BucketState,
  now: number,
): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...sesSendLimiterKey(account, region),
          entity: 'SesSendLimiter',
          ...next,
          expiresAt: Math.floor((now + DAY_MS + 3_600_000) / 1000),
        },
        ConditionExpression: read.version === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
        ExpressionAttributeValues: read.version === 0 ? undefined : { ':read': read.version },
      }),
    )
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw new Conflict()
    throw error
  }
}
