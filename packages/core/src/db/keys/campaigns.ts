/*
 * Campaigns — the campaign records (campaigns/campaigns.repo.ts). The engine's ledger, counters and leases
 * (campaigns/sending/) add their own section below.
 *
 * Item            PK            SK                   (notes)
 * Campaign        ORG#<orgId>   CAMPAIGN#<id>        the whole record (sender, template, topics, choices, status …)
 * Campaign row    ORG#<orgId>   CAMPAIGN_ROW#<id>    what the list filters on (lower-case name, status), ~150 bytes,
 *                                                    written in the same transaction as the record
 * Owner mailed    ORG#<orgId>   CAMPAIGN_MAILED#<eventId>#<accountId>   an owner was mailed about that event (TTL)
 * Template use    ORG#<orgId>   CAMPAIGN_TEMPLATE#<templateId>#<id>     the template version a started campaign
 *                                                    pinned (~150 bytes; per-template analytics)
 *
 * Access patterns (T = the tenant's ORG#id, E = an entity's own, S = sharded, I = an index)
 * C1. A campaign by id (API, engine)                 T: GetItem ORG#id / CAMPAIGN#id
 * C2. The list, newest first, a page at a time     T: Query PK=ORG#id, SK begins_with CAMPAIGN_ROW#, backwards,
 *     by cursor, `q` (name contains) and `status`       from the cursor's row (ExclusiveStartKey), `q`/`status` as a
 *                                                        FilterExpression, Limit limit+1 (unfiltered) or 500 a call,
 *                                                        until the page fills or 2,000 rows were read (then a short
 *                                                        page and a cursor at the last row read); then BatchGet of
 *                                                        the page's records (≤ 100). No index: a name `contains`
 *                                                        needs the rows anyway, and a SENDING/PAUSED row's status
 *                                                        follows its run, so it is read for every run status
 * C3. Change a campaign (edit, state change)         T: TransactWrite: Put the record conditioned on its version
 *                                                        (and, for a state change, on the status it changes from)
 *                                                        + Put the row
 * C4. Delete a campaign not being sent               T: TransactWrite: Delete the record conditioned on its status
 *                                                        + Delete the row
 * C5. Everything campaigns hold (purge)              T: CAMPAIGN#, CAMPAIGN_ROW#, CAMPAIGN_MAILED#,
 *                                                        CAMPAIGN_TEMPLATE#, CAMPAIGN_SENDER_DEFAULTS in the
 *                                                        organization's partition
 * C6. Mail an owner once per event (campaign.paused)  T: PutItem ORG#id / CAMPAIGN_MAILED#<eventId>#<accountId>
 *                                                        conditioned on attribute_not_exists (TTL: 30 days)
 * C7. Record a template's use when a send starts     T: Put CAMPAIGN_TEMPLATE#<tid>#<id> in the transaction that
 *                                                        pins the version (C3); deleted in the one that deletes
 *                                                        the campaign (C4). Campaigns started before the item
 *                                                        existed: a lazy backfill per organization, marked by
 *                                                        MIGRATION#campaign-template-uses (30)
 * C8. A template's campaigns, newest created first   T: Query PK=ORG#id, SK begins_with CAMPAIGN_TEMPLATE#<tid>#,
 *     (per-template analytics, the newest 100)           backwards, Limit 101 (ULIDs sort by creation); then
 *                                                        BatchGet their records (C1) and each one's counters
 *                                                        (CL6, CL9)
 */
export const CAMPAIGN_PREFIX = 'CAMPAIGN#'
export const CAMPAIGN_ROW_PREFIX = 'CAMPAIGN_ROW#'
export const campaignKey = (orgId: string, campaignId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${CAMPAIGN_PREFIX}${campaignId}`,
})
export const CAMPAIGN_TEMPLATE_PREFIX = 'CAMPAIGN_TEMPLATE#'
export const campaignTemplatePrefix = (templateId: string) => `${CAMPAIGN_TEMPLATE_PREFIX}${templateId}#`
export const campaignTemplateKey = (orgId: string, templateId: string, campaignId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${campaignTemplatePrefix(templateId)}${campaignId}`,
})
export const CAMPAIGN_MAILED_PREFIX = 'CAMPAIGN_MAILED#'
export const campaignMailedKey = (orgId: string, eventId: string, accountId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${CAMPAIGN_MAILED_PREFIX}${eventId}#${accountId}`,
})
export const campaignRowKey = (orgId: string, campaignId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${CAMPAIGN_ROW_PREFIX}${campaignId}`,
})
/**
 * C9. The organization's last saved sender (From, Reply-To, postal address), what a new campaign starts from:
 * one item, ORG#id / CAMPAIGN_SENDER_DEFAULTS, put in the transaction that saves a campaign with a sender (C3).
 */
export const CAMPAIGN_SENDER_DEFAULTS_SK = 'CAMPAIGN_SENDER_DEFAULTS'
export const campaignSenderDefaultsKey = (orgId: string) => ({
  PK: `ORG#${orgId}`,
  SK: CAMPAIGN_SENDER_DEFAULTS_SK,
})

/*
 * The sending engine (campaigns/sending, design in its README.md): runs, the per-recipient ledger, its counters
 * and send batches.
 *
 * Item                 PK                                   SK                        GSI1PK / GSI1SK
 * Campaign run         ORG#<orgId>                          CAMPAIGN_RUN#<campaignId> -
 * Recipient (ledger)   ORG#<orgId>#CAMPAIGN#<cid>#R#<0-15>  R#<contactId>             ORG#<orgId>#CAMPAIGN#<cid>#ST#<status>#<shard> / <contactId>
 * Shard counter        ORG#<orgId>#CAMPAIGN#<cid>#R#<0-15>  COUNT                     -
 * Send batch           ORG#<orgId>#CAMPAIGN#<cid>#R#<0-15>  BATCH#<batchId>           -   (TTL)
 *
 * Access patterns (T = the tenant's ORG#id, E = an entity's own, S = sharded, I = an index)
 * CL1. A campaign's run (status, generation, checkpoint)  T: GetItem ORG#id / CAMPAIGN_RUN#cid; every change an
 *                                                        UpdateItem conditioned on the generation read
 * CL2. Write the ledger (materialise)                     S: BatchWriteItem puts, shard = FNV(contactId) % 16
 * CL3. A recipient's item (claim, outcome, SES event)     S: UpdateItem on its shard (by hash: no scatter)
 * CL4. Recipients by status (PENDING to dispatch,         I: Query GSI1 GSI1PK=…#ST#<status>#<shard> from a
 *     expired CLAIMED, FAILED to retry, the table)           contactId, every shard in parallel (sparse per status)
 * CL5. A batch's recipients and its outcome in one        S: TransactWrite on one shard partition: ≤ 50 recipient
 *     commit                                                updates (each conditioned on status and batch) + COUNT
 * CL6. A campaign's counts                                S: BatchGet the 16 COUNT items, summed
 * CL7. Everything a campaign's send left (purge)          S: Query each of the 16 shard partitions
 */

export const LEDGER_SHARDS = 16

export const CAMPAIGN_RUN_PREFIX = 'CAMPAIGN_RUN#'

export const campaignRunKey = (orgId: string, campaignId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${CAMPAIGN_RUN_PREFIX}${campaignId}`,
})

/** The prefix of a campaign's ledger partitions (`<prefix>#<shard>`, see db/shards.ts). */
export const ledgerPartition = (orgId: string, campaignId: string) => ({
  prefix: `ORG#${orgId}#CAMPAIGN#${campaignId}#R`,
  shards: LEDGER_SHARDS,
})

export const ledgerShardPk = (orgId: string, campaignId: string, shard: number) =>
  `ORG#${orgId}#CAMPAIGN#${campaignId}#R#${shard}`

export const recipientKey = (orgId: string, campaignId: string, shard: number, contactId: string) => ({
  PK: ledgerShardPk(orgId, campaignId, shard),
  SK: `R#${contactId}`,
})

export const ledgerCounterKey = (orgId: string, campaignId: string, shard: number) => ({
  PK: ledgerShardPk(orgId, campaignId, shard),
  SK: 'COUNT',
})

export const sendBatchKey = (orgId: string, campaignId: string, shard: number, batchId: string) => ({
  PK: ledgerShardPk(orgId, campaignId, shard),
  SK: `BATCH#${batchId}`,
})

/** The sparse status index of one shard (GSI1PK; GSI1SK is the contact id). */
export const recipientStatusIndexPk = (orgId: string, campaignId: string, status: string, shard: number) =>
  `ORG#${orgId}#CAMPAIGN#${campaignId}#ST#${status}#${shard}`

/*
 * Reports (campaigns/reports, issue 19): what SES's events and our unsubscribes counted, in the ledger's shard
 * partitions beside the recipients they are about (a campaign's purge removes them with its ledger).
 *
 * Item                 PK (a ledger shard)                  SK                              notes
 * Event marker         ORG#<orgId>#CAMPAIGN#<cid>#R#<0-15>  EVT#<event identity hash>       TTL: an event counted once
 * Report counter       same                                 RPT#C#<0-3>                     ADDs, a sub-shard at random
 * Link counter         same                                 RPT#L#<link hash>#<0-3>         url, unique and total clicks
 * Time bucket          same                                 RPT#T#<H yyyymmddhh|D yyyymmdd>#<0-3>  opens, clicks
 *
 * CL8. Count an event                                S: TransactWrite: Put the marker (attribute_not_exists) +
 *                                                        Update the recipient (conditioned on its report version)
 *                                                        + ADD to a counter, a bucket and a link item
 * CL9. A campaign's report aggregates                S: Query each shard partition begins_with RPT# (16 in
 *                                                        parallel; ~64 counters, the links and the buckets)
 */
export const REPORT_SUBSHARDS = 4
export const REPORT_PREFIX = 'RPT#'

export const eventMarkerKey = (orgId: string, campaignId: string, shard: number, identity: string) => ({
  PK: ledgerShardPk(orgId, campaignId, shard),
  SK: `EVT#${identity}`,
})

export const reportCounterKey = (orgId: string, campaignId: string, shard: number, sub: number) => ({
  PK: ledgerShardPk(orgId, campaignId, shard),
  SK: `${REPORT_PREFIX}C#${sub}`,
})

export const reportLinkKey = (
  orgId: string,
  campaignId: string,
  shard: number,
  link: string,
  sub: number,
) => ({
  PK: ledgerShardPk(orgId, campaignId, shard),
  SK: `${REPORT_PREFIX}L#${link}#${sub}`,
})

/**
 * Timeline buckets (`H2026112514`, an hour UTC, or `D20261125`, a day) are attributes of the counter items; a
 * campaign counted before that has `RPT#T#<bucket>#<sub>` items, which the report still sums.
 */

/*
 * Audience-action runs (campaigns/actions): the jobs a campaign's report started, so the report lists them after a
 * reload and offers only what is left to do.
 *
 * Item            PK            SK                                     (notes)
 * Action run      ORG#<orgId>   CAMPAIGN_ACTION#<campaignId>#<jobId>   the action and the topic it filled; TTL
 *                                                                      as its job's (JOB_RETENTION_DAYS)
 *
 * CA1. Record a started action                   T: PutItem, after the job was created
 * CA2. A campaign's runs, newest first           T: Query PK=ORG#id, SK begins_with CAMPAIGN_ACTION#<cid>#,
 *                                                   backwards (job ids are ULIDs), a page at a time; then each
 *                                                   run's job (jobs' GetItem)
 * CA3. Purge                                     T: the prefix with the organization; CA2's keys with a deleted
 *                                                   campaign's leftovers
 */
export const CAMPAIGN_ACTION_PREFIX = 'CAMPAIGN_ACTION#'
export const campaignActionPrefix = (campaignId: string) => `${CAMPAIGN_ACTION_PREFIX}${campaignId}#`
export const campaignActionKey = (orgId: string, campaignId: string, jobId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${campaignActionPrefix(campaignId)}${jobId}`,
})
