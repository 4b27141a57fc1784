/*
 * Campaigns — the campaign records (campaigns/campaigns.repo.ts). The engine's ledger, counters and leases
 * (campaigns/sending/) add their own section below.
 *
 * Item            PK            SK                   (notes)
 * Campaign        ORG#<orgId>   CAMPAIGN#<id>        the whole record (sender, template, topics, choices, status …)
 * Campaign row    ORG#<orgId>   CAMPAIGN_ROW#<id>    what the list filters on (lower-case name, status), ~150 bytes,
 *                                                    written in the same transaction as the record
 *
 * Access patterns (T = the tenant's ORG#id, E = an entity's own, S = sharded, I = an index)
 * C1. A campaign by id (API, engine)                 T: GetItem ORG#id / CAMPAIGN#id
 * C2. The list, newest first, numbered pages with    T: Query PK=ORG#id, SK begins_with CAMPAIGN_ROW#, backwards
 *     the total count, `q` (name contains) and           (ULIDs sort by creation; rows are small: 10,000 campaigns
 *     `status`                                           fit in two 1-MB pages), filtered and counted in memory;
 *                                                        then BatchGet of the page's records (≤ 100)
 * C3. Change a campaign (edit, state change)         T: TransactWrite: Put the record conditioned on its version
 *                                                        (and, for a state change, on the status it changes from)
 *                                                        + Put the row
 * C4. Delete a campaign not being sent               T: TransactWrite: Delete the record conditioned on its status
 *                                                        + Delete the row
 * C5. Everything campaigns hold (purge)              T: CAMPAIGN#, CAMPAIGN_ROW# in the organization's partition
 */
export const CAMPAIGN_PREFIX = 'CAMPAIGN#'
export const CAMPAIGN_ROW_PREFIX = 'CAMPAIGN_ROW#'
export const campaignKey = (orgId: string, campaignId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${CAMPAIGN_PREFIX}${campaignId}`,
})
export const campaignRowKey = (orgId: string, campaignId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${CAMPAIGN_ROW_PREFIX}${campaignId}`,
})
