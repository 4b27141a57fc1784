import { dynamo } from '@app/core/aws'
import {
  organizationPartition,
  templateContentPrefix,
  templateOwnerKey,
  templateVersionPrefix,
} from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { PurgeMessageSchema, purgePass } from '@app/core/purge/purge'
import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
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

describe("a domain's leftovers", () => {
  it('are removed by the domain that declares them, also from a message queued in the older shape', async () => {
    const user = await newUser()
    const orgId = (await user.api.get('/api/account')).body.selectedOrganization
    const seed = async (templateId: string) => {
      const items = [
        { PK: organizationPartition(orgId), SK: `${templateVersionPrefix(templateId)}0000000001` },
        { PK: organizationPartition(orgId), SK: `${templateContentPrefix(templateId)}0000000001#0` },
        { ...templateOwnerKey(templateId), orgId },
      ]
      await dynamo().send(
        new BatchWriteCommand({
          RequestItems: { [tableName()]: items.map((Item) => ({ PutRequest: { Item } })) },
        }),
      )
    }
    const ownerLeft = async (templateId: string) =>
      (await dynamo().send(new GetCommand({ TableName: tableName(), Key: templateOwnerKey(templateId) })))
        .Item
    await seed('tpl-new-shape')
    await seed('tpl-old-shape')
    const before = await countOrgItems(orgId)

    const current = PurgeMessageSchema.parse({
      kind: 'leftovers',
      domain: 'templates',
      orgId,
      ids: ['tpl-new-shape'],
    })
    expect(await purgePass(current)).toBe('done')
    expect(await ownerLeft('tpl-new-shape')).toBeUndefined()
    expect(await countOrgItems(orgId)).toBe(before - 2)

    const older = PurgeMessageSchema.parse({ kind: 'templates', orgId, templateIds: ['tpl-old-shape'] })
    expect(await purgePass(older)).toBe('done')
    expect(await ownerLeft('tpl-old-shape')).toBeUndefined()
    expect(await countOrgItems(orgId)).toBe(before - 4)

    // A domain that declares no leftovers cannot purge any: the message fails (and stays on its queue).
    await expect(
      purgePass({ kind: 'leftovers', domain: 'no-such-domain', orgId, ids: ['x'] }),
    ).rejects.toThrow(/no-such-domain/)
  })
})
