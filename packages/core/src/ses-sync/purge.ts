import { claimHolder } from '../aws-accounts/public'
import { legacySesPublicationPrefix, SES_PUB_PREFIX, sesPublicationPrefix } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

/** Whether a connection of the organization reaches this AWS account and region now (its claim exists). */
const accountStillConnected = async (orgId: string, awsAccountNumber: string, region: string) =>
  (await claimHolder(orgId, awsAccountNumber, region)) !== undefined

export const sesSyncPurge: PurgeDeclaration = {
  domain: 'ses-sync',
  prefixes: [SES_PUB_PREFIX],
  /**
   * Publication records belong to the AWS account and region: they go with a deleted connection only when no
   * other connection of the organization reaches it (a duplicate took over, or the account was connected
   * again). Records still keyed the old way (per connection) go with their connection.
   */
  async awsAccountPrefixes({ orgId, awsAccountId, account }) {
    const prefixes = [legacySesPublicationPrefix(awsAccountId)]
    if (account && !(await accountStillConnected(orgId, account.awsAccountNumber, account.region))) {
      prefixes.push(sesPublicationPrefix(account.awsAccountNumber, account.region))
    }
    return prefixes
  },
}
