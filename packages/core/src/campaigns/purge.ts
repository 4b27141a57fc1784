import { awsErrorOf } from '../aws-accounts/public'
import { deleteAll } from '../db/batch'
import {
  CAMPAIGN_ACTION_PREFIX,
  CAMPAIGN_MAILED_PREFIX,
  CAMPAIGN_PREFIX,
  CAMPAIGN_ROW_PREFIX,
  CAMPAIGN_RUN_PREFIX,
  CAMPAIGN_SENDER_DEFAULTS_SK,
  CAMPAIGN_TEMPLATE_PREFIX,
  campaignRunKey,
} from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'
import { deleteActionRuns } from './actions/runs.repo'
import { removeRunTemplate } from './sending/dispatch'
import { deleteLedger, deleteLedgerSlice } from './sending/ledger.repo'
import { listRunCampaignIds } from './sending/runs.repo'

/**
 * Campaign records, their list rows, their sending runs and the sender defaults live in the organization's
 * partition; each run's ledger (16 shard partitions per campaign) is removed first, found through the runs. A
 * deleted campaign's run and ledger are its leftovers.
 */
export const campaignsPurge: PurgeDeclaration = {
  domain: 'campaigns',
  prefixes: [
    CAMPAIGN_PREFIX,
    CAMPAIGN_ROW_PREFIX,
    CAMPAIGN_RUN_PREFIX,
    CAMPAIGN_MAILED_PREFIX,
    CAMPAIGN_TEMPLATE_PREFIX,
    CAMPAIGN_ACTION_PREFIX,
    CAMPAIGN_SENDER_DEFAULTS_SK,
  ],
  async beforeOrganization(orgId) {
    for (const campaignId of await listRunCampaignIds(orgId)) await deleteLedger(orgId, campaignId)
  },
  leftovers: purgeDeletedCampaigns,
}

/** The customer's AWS refuses us for good (access taken away, keys revoked): their template cannot be removed. */
const REFUSED_FOR_GOOD = new Set([
  'AccessDeniedException',
  'AccessDenied',
  'UnrecognizedClientException',
  'InvalidClientTokenId',
  'ExpiredTokenException',
])

/** The run's campaign-owned SES template, unless the customer's AWS no longer lets us in (then it stays theirs). */
async function removeTemplateOf(orgId: string, campaignId: string): Promise<void> {
  try {
    await removeRunTemplate(orgId, campaignId)
  } catch (error) {
    if (!REFUSED_FOR_GOOD.has(awsErrorOf(error)?.name ?? '')) throw error
  }
}

/**
 * What a deleted campaign leaves (its record already gone): the campaign-owned SES template when the run still
 * has it (a cancel whose dispatch step never ran, a run ended with failures kept for a retry), the ledger's shard
 * partitions, then the run (last, so a repeated pass still finds what the run names). Up to `batchItems` items a
 * pass.
 */
async function purgeDeletedCampaigns(
  orgId: string,
  campaignIds: readonly string[],
  batchItems: number,
): Promise<'done' | 'more'> {
  let budget = batchItems
  for (const campaignId of campaignIds) {
    const { removed, done } = await deleteLedgerSlice(orgId, campaignId, budget)
    budget -= removed
    if (!done) return 'more'
    await removeTemplateOf(orgId, campaignId)
    await deleteActionRuns(orgId, campaignId)
    await deleteAll([campaignRunKey(orgId, campaignId)])
  }
  return 'done'
}
