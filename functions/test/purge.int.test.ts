import { dynamo } from '@app/core/aws'
import { organizationPartition } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { newUser } from './stack'

async function countOrgItems(orgId: string): Promise<number> {
  const { Count } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': organizationPartition(orgId) },
      Select: 'COUNT',
    }),
  )
  return Count ?? 0
}

describe('deleting a large organization', () => {
  it('ends access at once and lets the purge worker remove the rest', { timeout: 90_000 }, async () => {
    const user = await newUser()
    const orgId = (await user.api.get('/api/account')).body.selectedOrganization
    // Content the organization owns (later: templates, contacts…), more than one purge pass removes.
    const items = Array.from({ length: 700 }, (_, index) => ({
      PK: organizationPartition(orgId),
      SK: `TEST#${String(index).padStart(5, '0')}`,
      entity: 'TestContent',
    }))
    for (let start = 0; start < items.length; start += 25) {
      await dynamo().send(
        new BatchWriteCommand({
          RequestItems: {
            [tableName()]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
          },
        }),
      )
    }

    expect((await user.api.delete(`/api/organizations/${orgId}`)).status).toBe(204)
    expect((await user.api.get('/api/account')).body.organizations).toEqual([])
    expect((await user.api.patch(`/api/organizations/${orgId}`, { name: 'x' })).status).toBe(404)
    expect(await countOrgItems(orgId)).toBeGreaterThan(0)

    await expect.poll(() => countOrgItems(orgId), { timeout: 60_000, interval: 250 }).toBe(0)
  })
})
