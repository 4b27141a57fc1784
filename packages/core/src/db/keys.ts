/**
 * Every single-table key of the product, and the access patterns they serve.
 *
 * Choosing a partition (see db/README.md): one partition per tenant (ORG#id) for small collections read together;
 * a partition per entity (<ENTITY>#id) for things with their own large children; sharded partitions
 * (<prefix>#<n>, db/shards.ts) for write paths hotter than ~1,000 writes/s and counters; GSI1 for alternate
 * lookups. A partition takes about 1,000 writes/s and 3,000 reads/s.
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Account profile      ACCOUNT#<accountId>     PROFILE                    EMAIL#<email>      ACCOUNT
 * Account membership   ACCOUNT#<accountId>     MEMBERSHIP#<orgId>         -                  -
 * Memberships version  ACCOUNT#<accountId>     MEMBERSHIPS_VERSION        -                  -   (ADD 1 per membership added)
 * Organization         ORG#<orgId>             PROFILE                    -                  -
 * Org member           ORG#<orgId>             MEMBER#<accountId>         -                  -
 * Email token          TOKEN#<sha256(token)>   TOKEN                      -                  -   (TTL)
 * Reset throttle       EMAIL#<email>           RESET_THROTTLE             -                  -   (TTL)
 * Stripe event         STRIPE_EVENT#<eventId>  EVENT                      -                  -   (TTL)
 * AWS connection       ORG#<orgId>             AWS_ACCOUNT#<id>           -                  -
 * AWS connection owner AWS_ACCOUNT#<id>        OWNER                      -                  -
 * AWS account claim    ORG#<orgId>             AWS_ACCOUNT_NUMBER#<awsAccountNumber>#<region>  -  -
 * Message log          ORG#<orgId>             LOG#<awsId>#<sentAt>#<sesMessageId>  -        -   (TTL)
 * Hourly SES counts    ORG#<orgId>#STATS#<0-7> <awsId>#<yyyy-mm-ddThh>   -                -   (TTL, sharded)
 *   (before sharding:  ORG#<orgId>             STATS#<awsId>#<yyyy-mm-ddThh>, read until they expire)
 * SNS message claim    SNS_MESSAGE#<messageId> CLAIM                      -                  -   (TTL)
 * Template (head)      ORG#<orgId>             TEMPLATE#<id>              ORG#<orgId>#TEMPLATE  <name key>
 *                      (and GSI2PK=ORG#<orgId>#TEMPLATE, GSI2SK=<updatedAt>#<id>; see listIndexes below)
 * Template name        ORG#<orgId>             TEMPLATE_NAME#<name>       -                  -
 * Template owner       TEMPLATE#<id>           OWNER                      -                  -
 * Template version     ORG#<orgId>             TEMPLATE_VERSION#<id>#<version, 8 digits>   -  -
 * Template content     ORG#<orgId>             TEMPLATE_CONTENT#<id>#<version>#<chunk, 2 digits>  -
 * Job                  ORG#<orgId>             JOB#<jobId>                -                  -   (TTL)
 * Job item             ORG#<orgId>             JOB_ITEM#<jobId>#<index, 10 digits> -         -   (TTL)
 *   (jobs created before: 4 digits, still read and written; see jobs.repo)
 * Contact import       ORG#<orgId>             CONTACT_IMPORT#<id>        -                  -   (TTL; its file,
 *                                                                         checkpoint pieces and invalid rows in S3)
 * Contact export       ORG#<orgId>             CONTACT_EXPORT#<id>        -                  -   (TTL)
 * SES publication      ORG#<orgId>             SES_PUB#<awsAccountNumber>#<region>#<templateId>  -  -
 *   (until migrated:   ORG#<orgId>             SES_PUB#<awsId>#<templateId>, per connection; see migrations/)
 * Migration marker     ORG#<orgId>             MIGRATION#<name>           -                  -
 * Block                ORG#<orgId>             BLOCK#<id>                 ORG#<orgId>#BLOCK  <name key>
 * Block name           ORG#<orgId>             BLOCK_NAME#<name>          -                  -
 * Block use            ORG#<orgId>             BLOCK_USE#<blockId>#<templateId>    -         -
 * SES pacing slot      SES_PACE#<awsAccountNumber or awsId>#<region>  SLOT  -           -   (TTL)
 * Outbox event         OUTBOX#<eventId>        EVENT                      OUTBOX_PENDING#<0-3>  <eventId>  (GSI1 keys
 *                                                                         removed and TTL set once dispatched)
 * Subscriber claim     OUTBOX#<eventId>        HANDLED#<subscriber>       -                  -   (TTL)
 *
 * Access patterns (the partition each uses: T = the tenant's ORG#id, E = an entity's own, S = sharded, I = an index)
 *  1. Get an account with all its memberships        E: Query PK=ACCOUNT#id (one strongly consistent read); or,
 *     with its organizations (GET account)             knowing the organizations from an earlier read, one
 *                                                     BatchGet of the profile, the memberships version, those
 *                                                     memberships and organization profiles, valid while the
 *                                                     version is unchanged (a membership added bumps it)
 *  2. Find an account by email (reset, invitations)  I: Query GSI1 GSI1PK=EMAIL#email
 *  3. Get an organization                            T: GetItem ORG#id / PROFILE
 *  4. Check a caller's role in an organization       T: GetItem ORG#id / MEMBER#accountId
 *  5. List an organization's members                 T: Query PK=ORG#id, SK begins_with MEMBER#
 *  6. Everything an organization owns (purge)        T: Query PK=ORG#id (all of it), then S: each ORG#id#STATS#n
 *  7. Redeem an emailed token once                   E: DeleteItem TOKEN#hash with a condition, returning it
 *  8. Process a Stripe event once                    E: PutItem STRIPE_EVENT#id with a claim condition
 *  9. An organization's AWS connections               T: Query PK=ORG#id, SK begins_with AWS_ACCOUNT#
 * 10. The organization of an AWS connection by id     E: GetItem AWS_ACCOUNT#id / OWNER (written with it)
 * 11. An SES message's log row, by its event          T: UpdateItem ORG#org / LOG#aws#sentAt#id (the event has both)
 * 12. An AWS account's messages, newest first         T: Query PK=ORG#id, SK begins_with LOG#aws#, backwards
 * 13. Counts per hour of sending for a range          S: Query each ORG#id#STATS#n, SK between aws#from and aws#to,
 *                                                     in parallel, summed per hour (+ the legacy T items)
 * 14. Process an SNS message once                     E: PutItem SNS_MESSAGE#id with a claim condition, in the
 *                                                     same transaction as the log row and the counter (an ADD
 *                                                     to a random shard of the hour)
 * 15. The organization of a template by id            E: GetItem TEMPLATE#id / OWNER (written with it)
 * 16. An organization's templates, a page at a time   I: Query GSI1 GSI1PK=ORG#id#TEMPLATE (by name, case-insensitive)
 *     (list; `q` and `tag` as filter expressions)     or GSI2 GSI2PK=ORG#id#TEMPLATE (by updatedAt), either way,
 *                                                     from the cursor's position; tags: T: Query PK=ORG#id, SK
 *                                                     begins_with TEMPLATE# (heads only, small, counted in memory)
 * 17. A template's current content                    T: Query PK=ORG#id, SK begins_with TEMPLATE_CONTENT#id#ver#
 * 18. A template's versions, newest first             T: Query PK=ORG#id, SK begins_with TEMPLATE_VERSION#id#,
 *                                                     backwards
 * 19. Unique template names per organization          T: Put TEMPLATE_NAME#name with attribute_not_exists, in the
 *                                                     same transaction as the head (a rename deletes the old one)
 * 20. An organization's jobs, latest first             T: Query PK=ORG#id, SK begins_with JOB#, backwards (ULIDs)
 * 21. A job's items, in order                          T: Query PK=ORG#id, SK begins_with JOB_ITEM#jobId#
 * 22. Record an item's result once                     T: TransactWrite: item conditioned on still pending + ADD to
 *                                                     the job's counts
 * 23. An AWS account's publication records (SES list)  T: Query PK=ORG#id, SK begins_with SES_PUB#number#region#
 *     (per AWS account number and region, whichever connection reaches it)
 * 24. Pace SES control-plane calls per customer account E: UpdateItem SES_PACE#… / SLOT conditioned on the slot read
 *                                                     (shared by every worker; see jobs/pacer.ts)
 * 25. An organization's blocks, a page at a time      I: Query GSI1 GSI1PK=ORG#id#BLOCK by name key, from the cursor's
 *                                                     position (`editorType` and `deleting` as a filter expression)
 * 26. A block by id (only under the caller's org)      T: GetItem ORG#id / BLOCK#id
 * 27. Unique block names per organization             T: Put BLOCK_NAME#name with attribute_not_exists, in the
 *                                                     same transaction as the block
 * 28. Where a block is used / which blocks a template  T: Query PK=ORG#id, SK begins_with BLOCK_USE#blockId#; the
 *     uses                                            template head lists its `blockIds` (use items written
 *                                                     in the template's own transaction)
 * 29. One connection per AWS account and region in an T: Put AWS_ACCOUNT_NUMBER#number#region (connectionId) with
 *     organization                                    attribute_not_exists OR connectionId = own id, in the same
 *                                                     transaction as the connection that learnt the number;
 *                                                     deleted with the connection or when its account/region changes
 * 30. Has this organization been migrated (lazily)    T: GetItem ORG#id / MIGRATION#name (see migrations/)
 * 31. Publish a domain event with its change          E: Put OUTBOX#eventId / EVENT in the change's own transaction
 *                                                     (events/outbox.ts); DynamoDB Streams hand it to the dispatcher
 * 32. Undispatched events, oldest first               I: Query GSI1 GSI1PK=OUTBOX_PENDING#shard, for each of the 4
 *     (the local poller; a sweep after an outage)     shards (sparse: only pending events carry GSI1 keys)
 * T1. A contact import's status, counts and          T: GetItem ORG#id / CONTACT_IMPORT#id (the id is the upload's,
 *     checkpoint (audience/import)                    so one upload starts one import: Put attribute_not_exists);
 *                                                     the worker's lease and each checkpoint are UpdateItems
 *                                                     conditioned on its lease and the checkpoint it resumed from
 * T2. A contact export's status and file              T: GetItem ORG#id / CONTACT_EXPORT#id
 * 33. Handle an event once per subscriber             E: UpdateItem OUTBOX#eventId / HANDLED#subscriber conditioned
 *                                                     on no claim, or an expired one that is not done
 *
 * List indexes. GSI queries are eventually consistent (a row saved a moment ago may show a moment later); a
 * list pages in the database and its cursor (db/cursor.ts) holds the last row's index position, signed and bound
 * to the query. Heads written before the indexes existed get their attributes from the `list-indexes` migration.
 *
 * A template is a small head (what lists show, the current version number) plus, per version, a version item
 * (who saved what, when) and its content (source, HTML, text, sample data, lint; gzip-compressed JSON split into
 * chunks of at most 300 KB, since a template may reach 500 KB of source plus 500 KB of HTML and an item holds at
 * most 400 KB). Versions never change once written. Every save writes head + version + content (+ the START quota
 * on the organization profile) in one transaction, conditioned on the version the editor started from. Deleting
 * removes the head and the name item at once; the owner pointer, versions and content go in the purge worker.
 *
 * A membership is two items (ACCOUNT#…/MEMBERSHIP#org and ORG#…/MEMBER#account), always written together in a
 * transaction, so both "my organizations" and "this organization's members" are single-partition queries.
 * A job is a small record (kind, status, counts, lease) plus one item per thing it works on; the worker records
 * each item's result as soon as it is known. A publication record links a template to an SES template of one AWS
 * account and region (SES name, version and fingerprint published, fingerprint last seen in SES): it belongs to
 * the AWS account number and region, not to the connection record, so a reconnected or merged account keeps it.
 * The pacing slot is keyed by the customer's AWS account number, not by tenant: SES's limit is per AWS account,
 * whoever calls. The account claim makes "one connection per AWS account number and region" hold under races:
 * its writer's transaction fails when another connection of the organization holds it.
 *
 * A block is one item (its current source and a version counter; no history: a template's versions keep what
 * it compiled to). A template version that references blocks writes a use item per block it adds (with a check
 * that the block exists and is not being deleted) and deletes those it drops, in the template's transaction; a
 * block is deleted only after marking it `deleting` and finding no use items.
 *
 * An outbox event is its own partition (events are written by every tenant; none shares a hot key) and sits in
 * the sparse GSI1 under one of four pending shards until the dispatcher has run every subscriber; its claims
 * (one per subscriber) live beside it, so "handled?" is a GetItem in the event's partition.
 *
 * Tenant-owned keys start with ORG#<orgId> (sharded ones too: ORG#<orgId>#STATS#<n>), so a key for another
 * organization cannot be formed from a request.
 */

export const PROFILE = 'PROFILE'

export const accountKey = (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SK: PROFILE })
export const accountPartition = (accountId: string) => `ACCOUNT#${accountId}`
export const accountMembershipKey = (accountId: string, orgId: string) => ({
  PK: `ACCOUNT#${accountId}`,
  SK: `MEMBERSHIP#${orgId}`,
})
export const MEMBERSHIP_PREFIX = 'MEMBERSHIP#'
/** Counts the memberships ever added to the account (ADD 1 in each transaction that adds one). */
export const accountMembershipsVersionKey = (accountId: string) => ({
  PK: `ACCOUNT#${accountId}`,
  SK: 'MEMBERSHIPS_VERSION',
})
export const accountEmailIndex = (email: string) => ({ GSI1PK: `EMAIL#${email}`, GSI1SK: 'ACCOUNT' })

export const organizationKey = (orgId: string) => ({ PK: `ORG#${orgId}`, SK: PROFILE })
export const organizationPartition = (orgId: string) => `ORG#${orgId}`
export const organizationMemberKey = (orgId: string, accountId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `MEMBER#${accountId}`,
})
export const MEMBER_PREFIX = 'MEMBER#'

export const emailTokenKey = (tokenHash: string) => ({ PK: `TOKEN#${tokenHash}`, SK: 'TOKEN' })
export const resetThrottleKey = (email: string) => ({ PK: `EMAIL#${email}`, SK: 'RESET_THROTTLE' })
export const stripeEventKey = (eventId: string) => ({ PK: `STRIPE_EVENT#${eventId}`, SK: 'EVENT' })
export const AWS_ACCOUNT_PREFIX = 'AWS_ACCOUNT#'
export const awsAccountKey = (orgId: string, id: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${AWS_ACCOUNT_PREFIX}${id}`,
})
export const awsAccountOwnerKey = (id: string) => ({ PK: `${AWS_ACCOUNT_PREFIX}${id}`, SK: 'OWNER' })
/** Not under AWS_ACCOUNT# (`AWS_ACCOUNT_NUMBER#` does not begin with it), so connection lists never see it. */
export const awsAccountClaimKey = (orgId: string, awsAccountNumber: string, region: string) => ({
  PK: `ORG#${orgId}`,
  SK: `AWS_ACCOUNT_NUMBER#${awsAccountNumber}#${region}`,
})
export const migrationKey = (orgId: string, name: string) => ({ PK: `ORG#${orgId}`, SK: `MIGRATION#${name}` })
export const messageLogPrefix = (awsAccountId: string) => `LOG#${awsAccountId}#`
export const messageLogKey = (orgId: string, awsAccountId: string, sentAt: string, messageId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${messageLogPrefix(awsAccountId)}${sentAt}#${messageId}`,
})
/** How hourly counts were kept before sharding: one item per hour in the organization's partition (read only). */
export const hourlyStatsPrefix = (awsAccountId: string) => `STATS#${awsAccountId}#`
/** SES event counts per hour, sharded (a burst of events is a hot write path); summed over shards on read. */
export const HOURLY_STATS_SHARDS = 8
export const hourlyStatsPartition = (orgId: string) => ({
  prefix: `ORG#${orgId}#STATS`,
  shards: HOURLY_STATS_SHARDS,
})
/** `hour` is `yyyy-mm-ddThh` (UTC); `''` gives the prefix of an AWS account's hours. */
export const hourlyStatsShardSortKey = (awsAccountId: string, hour: string) => `${awsAccountId}#${hour}`
export const snsMessageKey = (messageId: string) => ({ PK: `SNS_MESSAGE#${messageId}`, SK: 'CLAIM' })

export const TEMPLATE_PREFIX = 'TEMPLATE#'
export const templateKey = (orgId: string, id: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${TEMPLATE_PREFIX}${id}`,
})
export const templateNameKey = (orgId: string, name: string) => ({
  PK: `ORG#${orgId}`,
  SK: `TEMPLATE_NAME#${name}`,
})
export const templateOwnerKey = (id: string) => ({ PK: `${TEMPLATE_PREFIX}${id}`, SK: 'OWNER' })
const paddedVersion = (version: number) => String(version).padStart(8, '0')
export const templateVersionPrefix = (id: string) => `TEMPLATE_VERSION#${id}#`
export const templateVersionKey = (orgId: string, id: string, version: number) => ({
  PK: `ORG#${orgId}`,
  SK: `${templateVersionPrefix(id)}${paddedVersion(version)}`,
})
export const templateContentPrefix = (id: string, version?: number) =>
  `TEMPLATE_CONTENT#${id}#${version === undefined ? '' : `${paddedVersion(version)}#`}`
export const templateContentKey = (orgId: string, id: string, version: number, chunk: number) => ({
  PK: `ORG#${orgId}`,
  SK: `${templateContentPrefix(id, version)}${String(chunk).padStart(2, '0')}`,
})

export const CONTACT_IMPORT_PREFIX = 'CONTACT_IMPORT#'
export const contactImportKey = (orgId: string, id: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${CONTACT_IMPORT_PREFIX}${id}`,
})
export const CONTACT_EXPORT_PREFIX = 'CONTACT_EXPORT#'
export const contactExportKey = (orgId: string, id: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${CONTACT_EXPORT_PREFIX}${id}`,
})
export const JOB_PREFIX = 'JOB#'
export const jobKey = (orgId: string, id: string) => ({ PK: `ORG#${orgId}`, SK: `${JOB_PREFIX}${id}` })
export const jobItemPrefix = (jobId: string) => `JOB_ITEM#${jobId}#`
/** Ten digits: a job may hold up to 10^10 items (an audience's contacts), still in index order. */
export const jobItemKey = (orgId: string, jobId: string, index: number) => ({
  PK: `ORG#${orgId}`,
  SK: `${jobItemPrefix(jobId)}${String(index).padStart(10, '0')}`,
})
/** How job items were keyed before (4 digits); still read and written for jobs created then (see jobs.repo). */
export const legacyJobItemKey = (orgId: string, jobId: string, index: number) => ({
  PK: `ORG#${orgId}`,
  SK: `${jobItemPrefix(jobId)}${String(index).padStart(4, '0')}`,
})
export const SES_PUB_PREFIX = 'SES_PUB#'
export const sesPublicationPrefix = (awsAccountNumber: string, region: string) =>
  `${SES_PUB_PREFIX}${awsAccountNumber}#${region}#`
export const sesPublicationKey = (
  orgId: string,
  awsAccountNumber: string,
  region: string,
  templateId: string,
) => ({
  PK: `ORG#${orgId}`,
  SK: `${sesPublicationPrefix(awsAccountNumber, region)}${templateId}`,
})
/** How publication records were keyed before they moved to the account and region (read only by migrations). */
export const legacySesPublicationPrefix = (connectionId: string) => `${SES_PUB_PREFIX}${connectionId}#`
export const sesPaceKey = (account: string, region: string) => ({
  PK: `SES_PACE#${account}#${region}`,
  SK: 'SLOT',
})
export const BLOCK_PREFIX = 'BLOCK#'
export const blockKey = (orgId: string, id: string) => ({ PK: `ORG#${orgId}`, SK: `${BLOCK_PREFIX}${id}` })
export const blockNameKey = (orgId: string, name: string) => ({
  PK: `ORG#${orgId}`,
  SK: `BLOCK_NAME#${name}`,
})
/** Names sort case-insensitively, then as written, then by id (the separator sorts before any name character). */
export const nameSortKey = (name: string, id: string) => `${name.toLowerCase()}\u0001${name}\u0001${id}`
export const templateListPartition = (orgId: string) => `ORG#${orgId}#TEMPLATE`
export const templateListIndexes = (
  orgId: string,
  head: { id: string; name: string; updatedAt: string },
) => ({
  GSI1PK: templateListPartition(orgId),
  GSI1SK: nameSortKey(head.name, head.id),
  GSI2PK: templateListPartition(orgId),
  GSI2SK: `${head.updatedAt}#${head.id}`,
  /** What `q` searches (a part of the name, case-insensitive). */
  searchName: head.name.toLowerCase(),
})
export const blockListPartition = (orgId: string) => `ORG#${orgId}#BLOCK`
export const blockListIndexes = (orgId: string, block: { id: string; name: string }) => ({
  GSI1PK: blockListPartition(orgId),
  GSI1SK: nameSortKey(block.name, block.id),
})
/** Attributes that only serve indexes, dropped when an item becomes a domain record. */
export const LIST_INDEX_ATTRIBUTES = ['GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'searchName'] as const
export const BLOCK_USE_PREFIX = 'BLOCK_USE#'
export const blockUsePrefix = (blockId: string) => `${BLOCK_USE_PREFIX}${blockId}#`
export const blockUseKey = (orgId: string, blockId: string, templateId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${blockUsePrefix(blockId)}${templateId}`,
})

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

/*
 * ── Audience (topics, contacts, preferences, counters, suppression, consent trail) ────────────────────────────
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
 */
export const SUPPRESSION_SYNC_PREFIX = 'SUPPRESSION_SYNC#'
export const suppressionSyncKey = (orgId: string, awsAccountId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${SUPPRESSION_SYNC_PREFIX}${awsAccountId}`,
})
export const BOUNCE_STREAK_SHARDS = 8
export const bounceStreakPartition = (orgId: string) => ({
  prefix: `ORG#${orgId}#BOUNCES`,
  shards: BOUNCE_STREAK_SHARDS,
})

/**
 * Public signup forms (audience/unsubscribe/signup.ts): a fixed-window counter per caller address and per
 * organization + email, so the public endpoint cannot flood a mailbox nor be scripted.
 *   Signup rate window   SIGNUP_RATE#<ip|email>#<value>   <window start, epoch s>   -   -   (TTL)
 *   Access pattern: count one signup in the current window  E: UpdateItem ADD count with a < limit condition
 */
export const signupRateKey = (scope: string, windowStart: number) => ({
  PK: `SIGNUP_RATE#${scope}`,
  SK: String(windowStart),
})
export * from './keys/campaign-ledger'
export * from './keys/campaigns'
export * from './keys/send-limiter'
