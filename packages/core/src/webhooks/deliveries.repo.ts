import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchWrite } from '../db/batch'
import { parseItem } from '../db/item'
import { webhookDeliveryPartition, webhookDeliverySk } from '../db/keys'
import { pickShard, queryShards } from '../db/shards'
import { tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'

/** Deliveries stay readable for a month, then DynamoDB's TTL removes them. */
const RETENTION_SECONDS = 30 * 24 * 3600
/** Attempts kept on a delivery (the automatic schedule's eight and the latest manual ones). */
const KEPT_ATTEMPTS = 20

const AttemptSchema = z.object({
  at: z.string(),
  durationMs: z.number(),
  statusCode: z.number().nullable(),
  excerpt: z.string(),
  manual: z.boolean(),
})
export type Attempt = z.output<typeof AttemptSchema>

const DeliveryRecordSchema = z.object({
  deliveryId: z.string().min(1),
  orgId: z.string().min(1),
  endpointId: z.string().min(1),
  eventType: z.string(),
  body: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.array(AttemptSchema),
  /** Attempts made in all: the worker's guard (a message for another count is stale). */
  attemptCount: z.number().int(),
  /** Automatic attempts made in this round (the retry schedule's position). */
  scheduled: z.number().int(),
  /** A manual redelivery: one attempt, no retries. */
  manual: z.boolean(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
})
export type DeliveryRecord = z.output<typeof DeliveryRecordSchema>

const keyOf = (orgId: string, endpointId: string, deliveryId: string) => ({
  PK: pickShard(webhookDeliveryPartition(orgId), deliveryId),
  SK: webhookDeliverySk(endpointId, deliveryId),
})

const itemOf = (record: DeliveryRecord) => ({
  ...keyOf(record.orgId, record.endpointId, record.deliveryId),
  entity: 'WebhookDelivery',
  ...record,
  attempts: record.attempts.slice(-KEPT_ATTEMPTS),
  expiresAt: Math.floor(Date.parse(record.createdAt) / 1000) + RETENTION_SECONDS,
})

/** W4: false when this event already has its delivery to this endpoint. */
export async function putNewDelivery(record: DeliveryRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: itemOf(record),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

/** W5 */
export async function getDelivery(
  orgId: string,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keyOf(orgId, endpointId, deliveryId),
      ConsistentRead: true,
    }),
  )
  return Item ? parseItem(DeliveryRecordSchema, Item) : undefined
}

/** W5: the delivery as changed, when nobody recorded an attempt since it was read; false otherwise. */
export async function saveDelivery(record: DeliveryRecord, readAttemptCount: number): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: itemOf(record),
        ConditionExpression: 'attemptCount = :read',
        ExpressionAttributeValues: { ':read': readAttemptCount },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

/** Rows read at most for one page when a status filter skips most of them. */
const MAX_READ = 1000

/**
 * W6: up to `limit` deliveries of the endpoint, newest first, after the sort key `afterSk` (the previous page's
 * last row read); `lastSk` is where the next page starts (null: no more).
 */
export async function listDeliveries(
  orgId: string,
  endpointId: string,
  options: { limit: number; afterSk?: string; status?: DeliveryRecord['status'] },
): Promise<{ deliveries: DeliveryRecord[]; lastSk: string | null }> {
  const prefix = `${endpointId}#`
  const deliveries: DeliveryRecord[] = []
  let cursor = options.afterSk
  let read = 0
  while (read < MAX_READ) {
    const chunk = options.status ? 100 : options.limit + 1 - deliveries.length
    const items = await queryShards(webhookDeliveryPartition(orgId), {
      sk: cursor ? { between: [prefix, cursor] } : { beginsWith: prefix },
      backwards: true,
      limit: chunk + (cursor ? 1 : 0),
    })
    const rows = items.filter((item) => item.SK !== cursor)
    read += rows.length
    for (const row of rows) {
      const record = parseItem(DeliveryRecordSchema, row)
      if (options.status && record.status !== options.status) {
        cursor = String(row.SK)
        continue
      }
      if (deliveries.length === options.limit) return { deliveries, lastSk: cursor ?? null }
      deliveries.push(record)
      cursor = String(row.SK)
    }
    if (rows.length < chunk) return { deliveries, lastSk: null }
  }
  return { deliveries, lastSk: cursor ?? null }
}

/** Removes up to `batchItems` of an endpoint's deliveries; 'more' when some remain. */
export async function deleteDeliveries(
  orgId: string,
  endpointId: string,
  batchItems: number,
): Promise<'done' | 'more'> {
  const items = await queryShards(webhookDeliveryPartition(orgId), {
    sk: { beginsWith: `${endpointId}#` },
    attributes: ['PK', 'SK'],
    limit: batchItems,
  })
  await batchWrite(items.map((item) => ({ delete: { PK: String(item.PK), SK: String(item.SK) } })))
  return items.length < batchItems ? 'done' : 'more'
}
