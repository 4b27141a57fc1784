/** Seeds state the API cannot create yet (other members, paid plans), through core's own repositories. */
import type { Plan, Role, SubscriptionStatus } from '@app/contracts'
import { dynamo } from '@app/core/aws'
import { organizationKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { memberWrites } from '@app/core/organizations/organizations.repo'
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'

export async function addMember(orgId: string, accountId: string, role: Role): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: memberWrites({ orgId, accountId, role, joinedAt: new Date().toISOString() }),
    }),
  )
}

export async function setSubscription(orgId: string, plan: Plan, status: SubscriptionStatus): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: organizationKey(orgId),
      UpdateExpression: 'SET #plan = :plan, subscriptionStatus = :status',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: { ':plan': plan, ':status': status },
    }),
  )
}
