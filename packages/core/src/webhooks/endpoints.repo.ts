import type { Principal } from '@app/contracts'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { parseItem } from '../db/item'
import { organizationPartition, WEBHOOK_PREFIX, webhookEndpointKey } from '../db/keys'
import { queryPartition } from '../db/query'
import { tableName } from '../db/table'
import { transact } from '../db/transact'
import { isTransactionConditionFailure } from '../errors'
import type { DomainEvent } from '../events/catalog'
import { outboxPut } from '../events/outbox'
import type { SealedSecret } from '../platform/secrets'
import { wantsItem } from './wanted.repo'

const SealedSchema = z.custom<SealedSecret>(
  (value) => typeof value === 'object' && value !== null && typeof (value as SealedSecret).key === 'string',
)
const PrincipalShape = z.custom<Principal>(
  (value) =>
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string',
)

const EndpointRecordSchema = z.object({
  endpointId: z.string().min(1),
  orgId: z.string().min(1),
  url: z.string().min(1),
  description: z.string(),
  eventTypes: z.array(z.string()),
  status: z.enum(['enabled', 'disabled']),
  disabledReason: z.object({ code: z.string(), message: z.string(), at: z.string() }).nullable(),
  secret: SealedSchema,
  secretPrefix: z.string(),
  /** The secret before the last rotation, still signing beside the new one until `until`. */
  previousSecret: z.object({ sealed: SealedSchema, until: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: PrincipalShape,
})
export type EndpointRecord = z.output<typeof EndpointRecordSchema>

const itemOf = (record: EndpointRecord) => ({
  ...webhookEndpointKey(record.orgId, record.endpointId),
  entity: 'WebhookEndpoint',
  ...record,
})

const wantedBy = (record: EndpointRecord) => (record.status === 'enabled' ? record.eventTypes : null)

/** W3: a new endpoint (W8: with its wanted types). */
export async function putNewEndpoint(record: EndpointRecord): Promise<void> {
  await transact([
    {
      name: 'webhookEndpoint',
      Put: { TableName: tableName(), Item: itemOf(record), ConditionExpression: 'attribute_not_exists(PK)' },
    },
    wantsItem(record, wantedBy(record)),
  ])
}

/** W3: the endpoint as changed, when it was not changed since `readUpdatedAt`; false otherwise (W8 follows it). */
export async function saveEndpoint(record: EndpointRecord, readUpdatedAt: string): Promise<boolean> {
  try {
    await transact([
      {
        name: 'webhookEndpoint',
        Put: {
          TableName: tableName(),
          Item: itemOf(record),
          ConditionExpression: 'updatedAt = :read',
          ExpressionAttributeValues: { ':read': readUpdatedAt },
        },
      },
      wantsItem(record, wantedBy(record)),
    ])
    return true
  } catch (error) {
    if (isTransactionConditionFailure(error)) return false
    throw error
  }
}

/** W3: disabled (it was enabled), with the event reporting it in the same transaction; false: not enabled. */
export async function disableEndpoint(record: EndpointRecord, event: DomainEvent): Promise<boolean> {
  try {
    await transact([
      {
        name: 'webhookEndpoint',
        Put: {
          TableName: tableName(),
          Item: itemOf(record),
          ConditionExpression: '#status = :enabled',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':enabled': 'enabled' },
        },
      },
      wantsItem(record, null),
      outboxPut(event),
    ])
    return true
  } catch (error) {
    if (isTransactionConditionFailure(error)) return false
    throw error
  }
}

/** W2 */
export async function getEndpoint(orgId: string, endpointId: string): Promise<EndpointRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: webhookEndpointKey(orgId, endpointId),
      ConsistentRead: true,
    }),
  )
  return Item ? parseItem(EndpointRecordSchema, Item) : undefined
}

/** W1: every endpoint of the organization, oldest first (a handful: the domain caps them). */
export async function listEndpoints(orgId: string, consistent = true): Promise<EndpointRecord[]> {
  const { items } = await queryPartition(organizationPartition(orgId), {
    sk: { beginsWith: WEBHOOK_PREFIX },
    consistent,
  })
  return items.map((item) => parseItem(EndpointRecordSchema, item))
}

/** W3: false when there was no such endpoint (W8: its wanted types go with it). */
export async function deleteEndpoint(orgId: string, endpointId: string): Promise<boolean> {
  try {
    await transact([
      {
        name: 'webhookEndpoint',
        Delete: {
          TableName: tableName(),
          Key: webhookEndpointKey(orgId, endpointId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      wantsItem({ orgId, endpointId }, null),
    ])
    return true
  } catch (error) {
    if (isTransactionConditionFailure(error)) return false
    throw error
  }
}
