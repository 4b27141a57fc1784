import { suppress } from '@app/core/audience/public'
import { dynamo } from '@app/core/aws'
import {
  addressPartition,
  audienceCountPartition,
  contactPartition,
  organizationPartition,
  preferencePartition,
} from '@app/core/db/keys'
import { shardKeys } from '@app/core/db/shards'
import { tableName } from '@app/core/db/table'
import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { audienceOrg, createContact, createTopic } from './audience-helpers'

/** Items the audience keeps for an organization: its partition and every shard of its sharded partitions. */
async function audienceItems(orgId: string): Promise<number> {
  const partitions = [
    organizationPartition(orgId),
    ...[contactPartition, addressPartition, preferencePartition, audienceCountPartition].flatMap(
      (partition) => shardKeys(partition(orgId)),
    ),
  ]
  const counts = await Promise.all(
    partitions.map(async (pk) => {
      const { Count } = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          Select: 'COUNT',
          ConsistentRead: true,
        }),
      )
      return Count ?? 0
    }),
  )
  return counts.reduce((sum, count) => sum + count, 0)
}

describe('deleting an organization with an audience', () => {
  it('purges its topics, contacts, trails, preferences, counters and suppression entries', {
    timeout: 120_000,
  }, async () => {
    const { user, orgId } = await audienceOrg()
    const topic = await createTopic(user, orgId, { name: 'Purged' })
    for (let index = 0; index < 10; index++) {
      await createContact(user, orgId, {
        email: `p${index}@example.com`,
        topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
      })
    }
    await suppress(orgId, { email: 'gone@example.com', reason: 'COMPLAINED', source: 'complaint' })
    expect(await audienceItems(orgId)).toBeGreaterThan(40)
    expect((await user.api.delete(`/api/organizations/${orgId}`)).status).toBe(204)
    await expect.poll(() => audienceItems(orgId), { timeout: 90_000, interval: 500 }).toBe(0)
  })
})
