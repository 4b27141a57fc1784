/*
 * The transactional outbox (events/).
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Outbox event         OUTBOX#<eventId>        EVENT                      OUTBOX_PENDING#<0-3>  <eventId>  (GSI1 keys
 *                                                                         removed and TTL set once dispatched)
 * Subscriber claim     OUTBOX#<eventId>        HANDLED#<subscriber>       -                  -   (TTL)
 *
 * 31. Publish a domain event with its change          E: Put OUTBOX#eventId / EVENT in the change's own transaction
 *                                                     (events/outbox.ts); DynamoDB Streams hand it to the dispatcher
 * 32. Undispatched events, oldest first               I: Query GSI1 GSI1PK=OUTBOX_PENDING#shard, for each of the 4
 *     (the local poller; a sweep after an outage)     shards (sparse: only pending events carry GSI1 keys)
 * 33. Handle an event once per subscriber             E: UpdateItem OUTBOX#eventId / HANDLED#subscriber conditioned
 *                                                     on no claim, or an expired one that is not done
 *
 * An outbox event is its own partition (events are written by every tenant; none shares a hot key) and sits in
 * the sparse GSI1 under one of four pending shards until the dispatcher has run every subscriber; its claims
 * (one per subscriber) live beside it, so "handled?" is a GetItem in the event's partition.
 */

export const OUTBOX_SHARDS = 4
export const outboxEventKey = (eventId: string) => ({ PK: `OUTBOX#${eventId}`, SK: 'EVENT' })
export const outboxPendingIndex = (eventId: string, shard: number) => ({
  GSI1PK: outboxPendingPartition(shard),
  GSI1SK: eventId,
})
export const outboxPendingPartition = (shard: number) => `OUTBOX_PENDING#${shard}`
export const subscriberClaimKey = (eventId: string, subscriber: string) => ({
  PK: `OUTBOX#${eventId}`,
  SK: `HANDLED#${subscriber}`,
})
