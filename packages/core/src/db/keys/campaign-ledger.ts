/**
 * Keys of the campaign sending engine (campaigns/sending, design in its README.md).
 *
 * Item                 PK                                   SK                        GSI1PK / GSI1SK
 * Campaign run         ORG#<orgId>                          CAMPAIGN_RUN#<campaignId> -
 * Recipient (ledger)   ORG#<orgId>#CAMPAIGN#<cid>#R#<0-15>  R#<contactId>             ORG#<orgId>#CAMPAIGN#<cid>#ST#<status>#<shard> / <contactId>
 * Shard counter        ORG#<orgId>#CAMPAIGN#<cid>#R#<0-15>  COUNT                     -
 * Send batch           ORG#<orgId>#CAMPAIGN#<cid>#R#<0-15>  BATCH#<batchId>           -   (TTL)
 *
 * Access patterns (T = the tenant's ORG#id, E = an entity's own, S = sharded, I = an index)
 * C1. A campaign's run (status, generation, checkpoint)  T: GetItem ORG#id / CAMPAIGN_RUN#cid; every change an
 *                                                        UpdateItem conditioned on the generation read
 * C2. Write the ledger (materialise)                     S: BatchWriteItem puts, shard = FNV(contactId) % 16
 * C3. A recipient's item (claim, outcome, SES event)     S: UpdateItem on its shard (by hash: no scatter)
 * C4. Recipients by status (PENDING to dispatch,         I: Query GSI1 GSI1PK=…#ST#<status>#<shard> from a
 *     expired CLAIMED, FAILED to retry, the table)           contactId, every shard in parallel (sparse per status)
 * C5. A batch's recipients and its outcome in one        S: TransactWrite on one shard partition: ≤ 50 recipient
 *     commit                                                updates (each conditioned on status and batch) + COUNT
 * C6. A campaign's counts                                S: BatchGet the 16 COUNT items, summed
 * C7. Everything a campaign's send left (purge)          S: Query each of the 16 shard partitions
 */

export const LEDGER_SHARDS = 16

export const campaignRunKey = (orgId: string, campaignId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `CAMPAIGN_RUN#${campaignId}`,
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
