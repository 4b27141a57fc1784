/*
 * Audit log (audit/): one item per recorded event, written by the audit's inline subscribers only.
 *
 * Item          PK            SK                              GSI1PK / GSI1SK
 * Audit entry   ORG#<orgId>   AUDIT#<occurredAt>#<eventId>    ORG#<orgId>#AUDIT_ACTOR#<accountId> / <occurredAt>#<eventId>
 *                                                             (members' entries only)  TTL: 400 days
 *
 * Access patterns (T = the tenant's ORG#id, E = an entity's own, S = sharded, I = an index)
 * L1. Record an event (once)                     T: PutItem conditioned on attribute_not_exists(PK): a redelivered
 *                                                   event writes nothing new (the event id is in the key)
 * L2. The log, newest first, a page at a time   T: Query PK=ORG#id, SK BETWEEN AUDIT#<from day> AND
 *     by cursor, days (`from`, `to`) and action     AUDIT#<to day>~ (the whole prefix without days), backwards,
 *                                                   from the cursor's entry (ExclusiveStartKey); an action (code,
 *                                                   or an area's prefix) as a FilterExpression, up to 2,000 entries
 *                                                   read per page (then a short page and a cursor at the last read)
 * L3. One member's entries                      I: L2 on GSI1 GSI1PK=ORG#id#AUDIT_ACTOR#<accountId>, GSI1SK
 *                                                   BETWEEN <from day> AND <to day>~
 * L4. Purge                                     T: the AUDIT# prefix with the organization (the index follows)
 *
 * Human-made changes are a few a minute at most, so one partition per organization holds them; TTL ends them.
 */
export const AUDIT_PREFIX = 'AUDIT#'

/** The time-ordered part of an entry's keys (newest last; queried backwards). */
export const auditSortValue = (occurredAt: string, eventId: string) => `${occurredAt}#${eventId}`

export const auditEntryKey = (orgId: string, occurredAt: string, eventId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${AUDIT_PREFIX}${auditSortValue(occurredAt, eventId)}`,
})

export const auditActorPartition = (orgId: string, accountId: string) =>
  `ORG#${orgId}#AUDIT_ACTOR#${accountId}`

export const auditActorIndex = (orgId: string, accountId: string, occurredAt: string, eventId: string) => ({
  GSI1PK: auditActorPartition(orgId, accountId),
  GSI1SK: auditSortValue(occurredAt, eventId),
})
