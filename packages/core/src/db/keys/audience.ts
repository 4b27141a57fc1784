/*
 * Audience (audience/): topics, contacts, preferences, counters, suppression, consent trail.
 *
 * Sized for 1,000,000 contacts per organization and imports of thousands of rows a second: every large or hot
 * collection is sharded (`AUDIENCE_SHARDS` physical partitions, db/shards.ts) and starts with the tenant.
 *
 * Item                 PK                               SK                          GSI1PK / GSI1SK         GSI2PK / GSI2SK
 * Topic                ORG#<orgId>                      TOPIC#<topicId>             -                       -
 * Topic name           ORG#<orgId>                      TOPIC_NAME#<lower name>     -                       -
 * Contact              ORG#<orgId>#CONTACT#<0-7>        CONTACT#<contactId>         ORG#<orgId>#CONTACT_EMAIL#<s> / <email>
 *                      (s = shard of the contact id)                                                        ORG#<orgId>#CONTACT_NAME#<s> /
 *                                                                                                           <lower full name>\u0001<id>
 *                                                                                                           (only with a name)
 * Consent entry        ORG#<orgId>#CONTACT#<s>          TRAIL#<contactId>#<ulid>    -                       -
 * Email claim          ORG#<orgId>#ADDRESS#<0-7>        CONTACT#<email>             -                       -   (contactId)
 *                      (shard of the email)
 * Suppression entry    ORG#<orgId>#ADDRESS#<s>          SUPPRESSION#<email>         -                       -   (outlives the contact)
 * Topic preference     ORG#<orgId>#PREF#<0-7>           <topicId>#<IN|OUT|PENDING>#<email>  -               -   (contactId)
 *                      (shard of the contact id; the status in the key is the EFFECTIVE one: OUT when the contact
 *                      is unsubscribed from all or suppressed)
 * Audience counters    ORG#<orgId>#AUDIENCE_COUNT#<0-7> COUNTS                      -                       -
 *                      (`contacts`, `blocked`, and per topic `in_<id>`, `out_<id>`, `pending_<id>`: explicit
 *                      preferences of contacts not blocked; `deletingTopics`: a string set of topics being deleted)
 *
 * Access patterns (A1…): T = the tenant's ORG#id, S = sharded, I = an index (GSI1/GSI2, scatter-gathered over
 * the same shards)
 * A1. An organization's topics, by name                  T: Query PK=ORG#id, SK begins_with TOPIC# (≤ 20)
 * A2. Unique topic names                                 T: Put TOPIC_NAME#name attribute_not_exists, same transaction
 * A3. A contact by id (API, unsubscribe links)           S: GetItem ORG#id#CONTACT#shard(id) / CONTACT#id
 * A4. A contact by email; unique emails                  S: GetItem/BatchGet ORG#id#ADDRESS#shard(email) / CONTACT#email
 *                                                        (strongly consistent); created with attribute_not_exists in
 *                                                        the contact's transaction
 * A5. Is this address suppressed (import, API, sends)    S: GetItem ORG#id#ADDRESS#shard(email) / SUPPRESSION#email —
 *                                                        beside the claim, so an import row needs one BatchGet for both
 * A6. Contacts by email, a page at a time (GET contacts)  I: Query GSI1 ORG#id#CONTACT_EMAIL#0…7 from the cursor's email
 *     (+ searchQuery on the email: begins_with)          in parallel, merged by email; filters as FilterExpressions
 * A7. searchQuery on the name                            I: Query GSI2 ORG#id#CONTACT_NAME#0…7 begins_with(lower name)
 * A8. A topic's contacts by effective status (+ email    S: Query ORG#id#PREF#0…7, SK begins_with topicId#IN#[prefix]
 *     prefix), for filters and sends                     in parallel, merged; then BatchGet of the contacts
 * A9. A topic's counts                                   S: GetItem ORG#id#AUDIENCE_COUNT#0…7 / COUNTS, summed:
 *                                                        default OPT_IN: subscribed = contacts − blocked − out − pending;
 *                                                        default OPT_OUT: subscribed = in
 * A10. Change a contact's subscriptions (one writer,     TransactWrite: the contact (conditioned on its version),
 *      audience/preferences.ts)                          the preference items that change (Delete + Put), an ADD to a
 *                                                        random counter shard (conditioned on none of its topics being
 *                                                        deleted), a consent entry, the suppression entry if the person
 *                                                        acted
 * A11. A contact's consent trail, newest first           S: Query ORG#id#CONTACT#s, SK begins_with TRAIL#contactId#, backwards
 * A12. Remove a deleted topic's preferences (job)        S: Query ORG#id#PREF#n, SK begins_with topicId# (each shard),
 *                                                        REMOVE topics.<id> on each contact, delete the items
 * A13. Everything audience holds (purge)                 T: TOPIC#, TOPIC_NAME#; S: CONTACT, ADDRESS, PREF, AUDIENCE_COUNT
 *
 * A contact item holds its explicit preferences as a map (`topics`: topicId → OPT_IN | OPT_OUT | PENDING), so one
 * read answers for every topic; the preference items are its index by topic and status. `blocked` (present only
 * when true) is unsubscribeAll OR suppressed. Email is the contact's identity and never changes.
 */
export const AUDIENCE_SHARDS = 8
export const TOPIC_PREFIX = 'TOPIC#'
export const TOPIC_NAME_PREFIX = 'TOPIC_NAME#'
export const topicKey = (orgId: string, topicId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${TOPIC_PREFIX}${topicId}`,
})
export const topicNameKey = (orgId: string, name: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${TOPIC_NAME_PREFIX}${name.toLowerCase()}`,
})
export const contactPartition = (orgId: string) => ({
  prefix: `ORG#${orgId}#CONTACT`,
  shards: AUDIENCE_SHARDS,
})
export const addressPartition = (orgId: string) => ({
  prefix: `ORG#${orgId}#ADDRESS`,
  shards: AUDIENCE_SHARDS,
})
export const preferencePartition = (orgId: string) => ({
  prefix: `ORG#${orgId}#PREF`,
  shards: AUDIENCE_SHARDS,
})
export const audienceCountPartition = (orgId: string) => ({
  prefix: `ORG#${orgId}#AUDIENCE_COUNT`,
  shards: AUDIENCE_SHARDS,
})
export const CONTACT_PREFIX = 'CONTACT#'
export const SUPPRESSION_PREFIX = 'SUPPRESSION#'
export const TRAIL_PREFIX = 'TRAIL#'
export const AUDIENCE_COUNTS_SK = 'COUNTS'
export const contactEmailIndexPartition = (orgId: string, shard: number) =>
  `ORG#${orgId}#CONTACT_EMAIL#${shard}`
export const contactNameIndexPartition = (orgId: string, shard: number) =>
  `ORG#${orgId}#CONTACT_NAME#${shard}`
export const trailPrefix = (contactId: string) => `${TRAIL_PREFIX}${contactId}#`
/** Effective statuses as written in preference keys. */
export const PREFERENCE_KEY_STATUS = { OPT_IN: 'IN', OPT_OUT: 'OUT', PENDING: 'PENDING' } as const
export const preferenceSortKey = (
  topicId: string,
  status: keyof typeof PREFERENCE_KEY_STATUS,
  email: string,
) => `${topicId}#${PREFERENCE_KEY_STATUS[status]}#${email}`

/*
 * Audience — suppression from SES (feedback and the account list)
 *
 * Item                    PK                                SK                          (notes)
 * Suppression sync state  ORG#<orgId>                       SUPPRESSION_SYNC#<awsId>    one per AWS connection
 * Soft-bounce streak      ORG#<orgId>#BOUNCES#<0-7>         <email>                     (TTL, sharded by email)
 *
 * S1. When the account suppression list was last read, and how far a run is   T: GetItem / Query PK=ORG#id, SK
 *     (checkpoint: SES's NextToken + counts, written after each page)             begins_with SUPPRESSION_SYNC#
 * S2. Soft bounces in a row of one address (reset by a delivery)              S: UpdateItem ORG#id#BOUNCES#<hash
 *                                                                               of email % 8> / email; a bounce
 *                                                                               wave writes across 8 partitions
 * S3. Purge an organization's streaks                                         S: Query each ORG#id#BOUNCES#n
 * S4. Every account the daily run reads (the scheduled handler)               I: Query GSI1 GSI1PK=SUPPRESSION_
 *     (sparse: a state item carries it from its first run on)                    SYNC_SCHEDULE#<0-3> (by hash of
 *                                                                               the AWS connection id)
 */
export const SUPPRESSION_SYNC_PREFIX = 'SUPPRESSION_SYNC#'
export const suppressionSyncKey = (orgId: string, awsAccountId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${SUPPRESSION_SYNC_PREFIX}${awsAccountId}`,
})
export const SUPPRESSION_SYNC_SCHEDULE = { prefix: 'SUPPRESSION_SYNC_SCHEDULE', shards: 4 }
export const BOUNCE_STREAK_SHARDS = 8
export const bounceStreakPartition = (orgId: string) => ({
  prefix: `ORG#${orgId}#BOUNCES`,
  shards: BOUNCE_STREAK_SHARDS,
})
