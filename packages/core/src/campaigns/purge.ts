import { CAMPAIGN_PREFIX, CAMPAIGN_ROW_PREFIX, CAMPAIGN_RUN_PREFIX } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'
import { deleteLedger } from './sending/ledger.repo'
import { listRunCampaignIds } from './sending/runs.repo'

/**
 * Campaign records, their list rows and their sending runs live in the organization's partition; each run's
 * ledger (16 shard partitions per campaign) is removed first, found through the runs.
 */
export const campaignsPurge: PurgeDeclaration = {
  domain: 'campaigns',
  prefixes: [CAMPAIGN_PREFIX, CAMPAIGN_ROW_PREFIX, CAMPAIGN_RUN_PREFIX],
  async beforeOrganization(orgId) {
    for (const campaignId of await listRunCampaignIds(orgId)) await deleteLedger(orgId, campaignId)
  },
}
