import { DeleteCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { deleteAll } from '../db/batch'
import { accountMembershipKey, MEMBER_PREFIX, organizationKey, organizationPartition } from '../db/keys'
import { queryAll, tableName } from '../db/table'
import type { PurgeDeclaration } from '../purge/registry'

export const organizationsPurge: PurgeDeclaration = {
  domain: 'organizations',
  prefixes: ['PROFILE', MEMBER_PREFIX],
  /** The profile first (every access check fails from then on), then the members' own membership items. */
  async beforeOrganization(orgId) {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: organizationKey(orgId) }))
    const members = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
      ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':member': MEMBER_PREFIX },
      ProjectionExpression: 'accountId',
      ConsistentRead: true,
    })
    await deleteAll(members.map((member) => accountMembershipKey(member.accountId as string, orgId)))
  },
}
