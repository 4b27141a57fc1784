/**
 * What every bench that works with templates starts from: a new user with an organization on a paid plan (START's
 * five template actions would stop the run), set directly in the table as the Stripe webhook would.
 */
import { organizationKey } from '@app/core/db/keys'
import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb'
import type { LocalStackConfig } from '../src/config'
import { apiClient } from '../src/testing/api-client'
import { signUp } from '../src/testing/cognito-users'

export async function signUpOnPaidPlan(config: LocalStackConfig) {
  const user = await signUp(config)
  const api = apiClient(config, user.idToken)
  const created = await api.post<{ organizations: { id: string }[] }>('/api/account', { email: user.email })
  if (created.status !== 201) throw new Error(`POST /api/account answered ${created.status}`)
  const orgId = created.body.organizations[0]?.id ?? ''
  const dynamo = new DynamoDBClient({
    endpoint: config.dynamodbEndpoint,
    region: config.region,
    credentials: config.credentials,
  })
  const key = organizationKey(orgId)
  await dynamo.send(
    new UpdateItemCommand({
      TableName: config.tableName,
      Key: { PK: { S: key.PK }, SK: { S: key.SK } },
      UpdateExpression: 'SET #plan = :plan, subscriptionStatus = :active',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: { ':plan': { S: 'TEAM_MONTHLY' }, ':active': { S: 'active' } },
    }),
  )
  dynamo.destroy()
  return { user, api, orgId }
}
