import { CAMPAIGN_PREFIX, CAMPAIGN_ROW_PREFIX } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

/** Campaign records and their list rows live in the organization's partition. */
export const campaignsPurge: PurgeDeclaration = {
  domain: 'campaigns',
  prefixes: [CAMPAIGN_PREFIX, CAMPAIGN_ROW_PREFIX],
}
