import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import {
  awsAccountClaimKey,
  legacySesPublicationPrefix,
  SES_PUB_PREFIX,
  sesPublicationPrefix,
} from '../db/keys'
import { tableName } from '../db/table'
import type { PurgeDeclaration } from '../purge/registry'

/** Whether a connection of the organization reaches this AWS account and region now (its claim exists). */
async function accountStillConnected(orgId: string, awsAccountNumber: string, region: string) {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: awsAccountClaimKey(orgId, awsAccountNumber, region),
      ConsistentRead: true,
    }),
  )
  return Item !== undefined
}

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
