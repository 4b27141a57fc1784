import { ulid } from 'ulid'
import { OUTBOX_SHARDS, outboxEventKey, outboxPendingIndex } from '../db/keys'
import { type Item, tableName } from '../db/table'
import { type NamedItem, transact } from '../db/transact'
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

/**
 * A new event of `type` about `organizationId` (null: about a user), made by `actor` (see `principalOf`). Its shape
 * is the catalog's by type; the catalog's schema checks it where it is read (`eventOfItem`), so a writer's bundle
 * does not carry every event's schema.
 */
export function newEvent<T extends EventType>(
  type: T,
  organizationId: string | null,
  payload: EventPayload<T>,
  actor: Principal,
  now = new Date(),
): DomainEvent<T> {
  return {
    id: ulid(now.getTime()),
    type,
    occurredAt: now.toISOString(),
    organizationId,
    actor,
    payload,
  } as DomainEvent<T>
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

/**
 * Publishes an event alone: for a change that lives outside our table (in the customer's SES), written once that
 * change succeeded.
 */
export async function publish(event: DomainEvent): Promise<void> {
  await transact([outboxPut(event)])
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
