import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { dynamo } from '../aws'
import { OUTBOX_SHARDS, outboxEventKey, outboxPendingIndex, outboxPendingPartition } from '../db/keys'
import { GSI1, type Item, tableName } from '../db/table'
import type { NamedItem } from '../db/transact'
import {
  type DomainEvent,
  type EventPayload,
  type EventType,
  type Principal,
  parseDomainEvent,
} from './catalog'

export const OUTBOX_ENTITY = 'OutboxEvent'
/** How long a dispatched event (and its claims) stays readable, for support and replays. */
export const DISPATCHED_RETENTION_SECONDS = 7 * 24 * 3600

/**
 * Events written before events carried their actor (still pending at a deploy) read as made by this: the platform
 * did not record who.
 */
export const UNRECORDED_ACTOR: Principal = { type: 'system', name: 'unrecorded' }

/** A new event of `type` about `organizationId` (null: about a user), made by `actor` (see `principalOf`). */
export function newEvent<T extends EventType>(
  type: T,
  organizationId: string | null,
  payload: EventPayload<T>,
  actor: Principal,
  now = new Date(),
): DomainEvent<T> {
  return parseDomainEvent({
    id: ulid(now.getTime()),
    type,
    occurredAt: now.toISOString(),
    organizationId,
    actor,
    payload,
  }) as DomainEvent<T>
}

/** Spreads pending events over a few GSI partitions (the id's last, random, character picks one). */
export function shardOf(eventId: string): number {
  return eventId.charCodeAt(eventId.length - 1) % OUTBOX_SHARDS
}

export function outboxItem(event: DomainEvent): Item {
  return {
    ...outboxEventKey(event.id),
    ...outboxPendingIndex(event.id, shardOf(event.id)),
    entity: OUTBOX_ENTITY,
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt,
    organizationId: event.organizationId,
    actor: event.actor,
    payload: event.payload,
  }
}

/**
 * The transaction item that publishes `event` (named `outbox.<type>`): put it in the same `transact` as the
 * change it reports, so both commit or neither does.
 */
export function outboxPut(event: DomainEvent): NamedItem {
  return {
    name: `outbox.${event.type}`,
    Put: { TableName: tableName(), Item: outboxItem(event), ConditionExpression: 'attribute_not_exists(PK)' },
  }
}

/** The event an outbox item holds (a stream image unmarshalled, or a query result), checked against the catalog. */
export function eventOfItem(item: Item): DomainEvent {
  return parseDomainEvent({
    id: item.id,
    type: item.type,
    occurredAt: item.occurredAt,
    organizationId: item.organizationId ?? null,
    actor: item.actor ?? UNRECORDED_ACTOR,
    payload: item.payload,
  })
}

/** Every subscriber ran: out of the pending index, and gone after the retention period. */
export async function markDispatched(eventId: string, now = new Date()): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxEventKey(eventId),
      UpdateExpression: 'SET dispatchedAt = :now, expiresAt = :ttl REMOVE GSI1PK, GSI1SK',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':now': now.toISOString(),
        ':ttl': Math.floor(now.getTime() / 1000) + DISPATCHED_RETENTION_SECONDS,
      },
    }),
  )
}

/**
 * Outbox items not dispatched yet, oldest first per shard (`limit` per shard). `olderThanMs` leaves alone what
 * was written moments ago, which the stream (on AWS) is about to hand over anyway.
 */
export async function listPendingItems(limit = 25, olderThanMs = 0, now = Date.now()): Promise<Item[]> {
  const before = ulid(now - olderThanMs).slice(0, 10)
  const shards = Array.from({ length: OUTBOX_SHARDS }, (_, shard) => shard)
  const pages = await Promise.all(
    shards.map((shard) =>
      dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: GSI1,
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
          ExpressionAttributeValues: { ':pk': outboxPendingPartition(shard), ':before': `${before}~` },
          Limit: limit,
        }),
      ),
    ),
  )
  return pages
    .flatMap((page) => (page.Items ?? []) as Item[])
    .sort((a, b) => String(a.id).localeCompare(String(b.id)))
}
