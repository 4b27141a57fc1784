/*
 * Outgoing webhooks (webhooks/): an organization's endpoints and their delivery log.
 *
 * Item              PK                                         SK                           notes
 * Endpoint          ORG#<orgId>                                WEBHOOK#<endpointId>         url, event types, status,
 *                                                                                          sealed secret(s), ~1 KB
 * Delivery          ORG#<orgId>#WEBHOOK_DELIVERY#<0-3>         <endpointId>#<deliveryId>    body, status, attempts,
 *                                                                                          nextAttemptAt (TTL 30 d)
 *
 * A delivery's id is its event's id (a ULID: time order), so an event is delivered once per endpoint however
 * often its message comes; a test event has its own ULID. Deliveries are written across 4 shards by delivery id
 * (a big campaign's per-message events must not crowd one partition), so one delivery is one GetItem.
 *
 * W1. An organization's endpoints (list; which want an event)   T: Query PK=ORG#id, SK begins_with WEBHOOK#
 * W2. One endpoint                                              T: GetItem ORG#id / WEBHOOK#eid
 * W3. Create, change, rotate, disable, delete an endpoint       T: Put/Update/Delete conditioned on existence
 *                                                                  (disable: on status = enabled, with the
 *                                                                  `webhook_endpoint.disabled` outbox put)
 * W4. Record a delivery once per event and endpoint             S: PutItem attribute_not_exists
 * W5. One delivery; record an attempt                           S: GetItem; UpdateItem conditioned on the attempt
 *                                                                  count the worker read (a duplicate message
 *                                                                  records nothing)
 * W6. An endpoint's deliveries, newest first, by status         S: Query each shard SK begins_with <eid>#
 *                                                                  (after the cursor's SK), merged; status
 *                                                                  filtered while reading (≤ 1,000 read a page)
 * W7. Everything webhooks hold (purge)                          T: WEBHOOK#, WEBHOOK_MAILED#, WEBHOOK_WANTS; the
 *                                                                  delivery shards
 * W8. Which event types the organization's enabled endpoints    T: GetItem ORG#id / WEBHOOK_WANTS (one attribute
 *     want (the gate of high-volume events)                        per enabled endpoint: its types), written in
 *                                                                  the endpoint's own write (W3)
 */
export const WEBHOOK_PREFIX = 'WEBHOOK#'
export const WEBHOOK_DELIVERY_SHARDS = 4
export const webhookEndpointKey = (orgId: string, endpointId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${WEBHOOK_PREFIX}${endpointId}`,
})
export const webhookDeliveryPartition = (orgId: string) => ({
  prefix: `ORG#${orgId}#WEBHOOK_DELIVERY`,
  shards: WEBHOOK_DELIVERY_SHARDS,
})
export const webhookDeliverySk = (endpointId: string, deliveryId: string) => `${endpointId}#${deliveryId}`
/** An owner was mailed about an endpoint's `webhook_endpoint.disabled` event (a once mark, TTL 30 days). */
export const WEBHOOK_MAILED_PREFIX = 'WEBHOOK_MAILED#'
export const webhookMailedKey = (orgId: string, eventId: string, accountId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${WEBHOOK_MAILED_PREFIX}${eventId}#${accountId}`,
})
/** W8: one item per organization, an attribute `ep_<endpointId>` per enabled endpoint holding the types it wants. */
export const WEBHOOK_WANTS_PREFIX = 'WEBHOOK_WANTS'
export const webhookWantsKey = (orgId: string) => ({ PK: `ORG#${orgId}`, SK: WEBHOOK_WANTS_PREFIX })
