/**
 * Data written the old way (before one connection per AWS account and region): two connections to one account
 * and region, publication records per connection id (`SES_PUB#<connectionId>#<templateId>`), no claims. The API
 * migrates an organization lazily on first access; the deploy (and `npm start`) migrates all of them.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Migrations, Purge } from '@app/core'
import { dynamo } from '@app/core/aws'
import { sealSecret } from '@app/core/aws-accounts/secrets'
import { awsAccountKey, awsAccountOwnerKey, organizationPartition } from '@app/core/db/keys'
import { queryAll, tableName } from '@app/core/db/table'
import { fingerprint } from '@app/core/ses-sync/fingerprint'
import { createLocalCustomerAccount } from '@app/local-stack/testing/local-aws'
import { CreateEmailTemplateCommand } from '@aws-sdk/client-sesv2'
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import { setSubscription } from './seed'
import { createTemplate, customerSes, type User } from './ses-sync-helpers'
import { newUser, stack } from './stack'

async function putItem(Item: Record<string, unknown>) {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item }))
}

/** A key connection as the product wrote it before the rule: no claim item, no duplicate flag. */
async function oldConnection(
  orgId: string,
  keys: { accessKeyId: string; secretAccessKey: string; accountId: string },
  name: string,
  createdAt: string,
) {
  const id = ulid()
  const record = {
    id,
    orgId,
    name,
    region: 'us-east-1',
    method: 'keys',
    accessKeyId: keys.accessKeyId,
    secret: await sealSecret(keys.secretAccessKey, orgId, id),
    awsAccountNumber: keys.accountId,
    verified: true,
    lastCheck: { ok: true, checkedAt: createdAt, code: null, message: null },
    createdAt,
    updatedAt: createdAt,
    createdBy: 'seed',
  }
  await putItem({ ...awsAccountKey(orgId, id), entity: 'AwsAccount', ...record })
  await putItem({ ...awsAccountOwnerKey(id), entity: 'AwsAccountOwner', orgId })
  return record
}

/** A publication record in the old shape, keyed by the connection id. */
async function oldPublication(
  orgId: string,
  connectionId: string,
  template: { id: string; name: string; subject: string; html: string; textPart: string; version: number },
  publishedAt: string,
) {
  const published = fingerprint({ subject: template.subject, html: template.html, text: template.textPart })
  await putItem({
    PK: organizationPartition(orgId),
    SK: `SES_PUB#${connectionId}#${template.id}`,
    entity: 'SesPublication',
    orgId,
    awsAccountId: connectionId,
    templateId: template.id,
    sesName: template.name,
    publishedVersion: template.version,
    fingerprint: published,
    publishedAt,
    seenFingerprint: published,
    checkedAt: publishedAt,
  })
}

/** An organization as the old code left it: A published through both connections, B through the newer one. */
async function oldOrganization() {
  const owner = await newUser()
  const orgId: string = (await owner.api.get('/api/account')).body.selectedOrganization
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  const keys = await createLocalCustomerAccount(stack)
  const older = await oldConnection(orgId, keys, 'By keys', '2026-01-01T00:00:00.000Z')
  const newer = await oldConnection(orgId, keys, 'Same account again', '2026-02-01T00:00:00.000Z')
  const a = await createTemplate(owner, orgId, 'welcome_a')
  const b = await createTemplate(owner, orgId, 'welcome_b')
  const ses = customerSes(keys)
  for (const template of [a, b]) {
    await ses.send(
      new CreateEmailTemplateCommand({
        TemplateName: template.name,
        TemplateContent: { Subject: template.subject, Html: template.html, Text: template.textPart },
      }),
    )
  }
  await oldPublication(orgId, older.id, a, '2026-01-02T00:00:00.000Z')
  await oldPublication(orgId, newer.id, a, '2026-02-02T00:00:00.000Z')
  await oldPublication(orgId, newer.id, b, '2026-02-03T00:00:00.000Z')
  return { owner, orgId, keys, older, newer, a, b }
}

const sesItems = async (orgId: string) =>
  (
    await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': 'SES_PUB#' },
      ConsistentRead: true,
    })
  ).sort((x, y) => String(x.SK).localeCompare(String(y.SK)))

async function sesPage(owner: User, orgId: string, awsAccountId: string) {
  const read = await owner.api.get(`/api/ses?organizationId=${orgId}&awsAccountId=${awsAccountId}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body as {
    sesTemplates: { name: string; state: string; templateId: string | null }[]
    unpublished: { templateName: string }[]
  }
}

describe('migrating data written before one connection per AWS account and region', () => {
  it('moves publications to the account and region, flags the newer connection, lists each template once, and is idempotent', async () => {
    const { owner, orgId, keys, older, newer, a, b } = await oldOrganization()

    // The first API call that touches the organization migrates it.
    const accounts = (await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items
    expect(
      accounts.map((account: { id: string; duplicateOf: string | null }) => [
        account.id,
        account.duplicateOf,
      ]),
    ).toEqual([
      [older.id, null],
      [newer.id, older.id],
    ])
    const items = await sesItems(orgId)
    expect(items.map((item) => item.SK)).toEqual(
      [a.id, b.id].map((id) => `SES_PUB#${keys.accountId}#us-east-1#${id}`).sort(),
    )
    // Where both connections had a record of A, the one published last won.
    expect(items.find((item) => item.templateId === a.id)).toMatchObject({
      publishedAt: '2026-02-02T00:00:00.000Z',
      awsAccountNumber: keys.accountId,
      region: 'us-east-1',
    })
    expect(items.some((item) => 'awsAccountId' in item)).toBe(false)

    // Each template once, in sync, through either connection: no "Not linked" beside "Never published".
    for (const connection of [older, newer]) {
      const page = await sesPage(owner, orgId, connection.id)
      const rows = page.sesTemplates.map((row) => [row.name, row.state, row.templateId])
      expect(rows).toEqual([
        ['welcome_a', 'in_sync', a.id],
        ['welcome_b', 'in_sync', b.id],
      ])
      expect(page.unpublished).toEqual([])
    }

    // A second run changes nothing.
    const before = JSON.stringify(await sesItems(orgId))
    const again = await Migrations.migrateOrganization(orgId)
    expect(again).toMatchObject({ moved: 0, dropped: 0, left: 0, duplicates: 1 })
    expect(JSON.stringify(await sesItems(orgId))).toBe(before)

    // The duplicate is refused nothing it had, and can be removed: the account's publications stay.
    const refused = await owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
      method: 'role',
      region: 'us-east-1',
      roleArn: `arn:aws:iam::${keys.accountId}:role/SesStudioAccess-us-east-1`,
    })
    expect(refused.status).toBe(409)
    expect(refused.body.error.awsAccount).toEqual({ id: older.id, name: 'By keys' })
    expect((await owner.api.delete(`/api/aws-accounts/${newer.id}`)).status).toBe(204)
    await Purge.purgeAwsAccountPass(orgId, newer.id, 500, {
      awsAccountNumber: keys.accountId,
      region: 'us-east-1',
    })
    expect(JSON.stringify(await sesItems(orgId))).toBe(before)
    expect((await sesPage(owner, orgId, older.id)).sesTemplates.map((row) => row.state)).toEqual([
      'in_sync',
      'in_sync',
    ])
  }, 120_000)

  it('hands the claim to the duplicate when the kept connection is deleted; the last one takes the publications with it', async () => {
    const { owner, orgId, keys, older, newer } = await oldOrganization()
    expect((await owner.api.delete(`/api/aws-accounts/${older.id}`)).status).toBe(204)
    const [left] = (await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items
    expect(left).toMatchObject({ id: newer.id, duplicateOf: null })
    const refused = await owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
      method: 'role',
      region: 'us-east-1',
      roleArn: `arn:aws:iam::${keys.accountId}:role/SesStudioAccess-us-east-1`,
    })
    expect(refused.body.error.awsAccount).toEqual({ id: newer.id, name: 'Same account again' })
    await Purge.purgeAwsAccountPass(orgId, older.id, 500, {
      awsAccountNumber: keys.accountId,
      region: 'us-east-1',
    })
    expect(await sesItems(orgId)).toHaveLength(2)

    expect((await owner.api.delete(`/api/aws-accounts/${newer.id}`)).status).toBe(204)
    await Purge.purgeAwsAccountPass(orgId, newer.id, 500, {
      awsAccountNumber: keys.accountId,
      region: 'us-east-1',
    })
    expect(await sesItems(orgId)).toEqual([])
  })

  it('moves the records of a connection verified without its number once a check learns it', async () => {
    const { owner, orgId, keys, newer, a, b } = await oldOrganization()
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: awsAccountKey(orgId, newer.id),
        UpdateExpression: 'REMOVE awsAccountNumber',
      }),
    )
    await Migrations.migrateOrganization(orgId)
    // Only the older connection's record of A could move; the newer one's records wait under its id.
    expect((await sesItems(orgId)).map((item) => item.SK)).toEqual(
      [
        `SES_PUB#${keys.accountId}#us-east-1#${a.id}`,
        `SES_PUB#${newer.id}#${a.id}`,
        `SES_PUB#${newer.id}#${b.id}`,
      ].sort(),
    )
    const checked = await owner.api.patch(`/api/aws-accounts/${newer.id}`, { region: 'eu-west-1' })
    expect(checked.status, JSON.stringify(checked.body)).toBe(200)
    expect(checked.body).toMatchObject({ awsAccountNumber: keys.accountId, duplicateOf: null })
    expect((await sesItems(orgId)).map((item) => item.SK)).toEqual(
      [
        `SES_PUB#${keys.accountId}#eu-west-1#${a.id}`,
        `SES_PUB#${keys.accountId}#eu-west-1#${b.id}`,
        `SES_PUB#${keys.accountId}#us-east-1#${a.id}`,
      ].sort(),
    )
    expect((await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items).toHaveLength(2)
  })

  it('runs over every organization as the deploy custom resource, answering CloudFormation', async () => {
    const { orgId, keys, older, newer } = await oldOrganization()
    const answers: { Status: string; PhysicalResourceId: string; RequestId: string }[] = []
    const server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        answers.push(JSON.parse(body))
        response.end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { handler } = await import('../src/triggers/migrate')
      await handler({
        RequestType: 'Create',
        ResponseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/answer`,
        StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/test/1',
        RequestId: 'request-1',
        LogicalResourceId: 'DataMigrations',
        ResourceType: 'Custom::DataMigrations',
        ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:migrate',
        ResourceProperties: { ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:migrate' },
      })
    } finally {
      server.close()
    }
    expect(answers).toEqual([
      expect.objectContaining({
        Status: 'SUCCESS',
        PhysicalResourceId: 'data-migrations',
        RequestId: 'request-1',
      }),
    ])
    const items = await sesItems(orgId)
    expect(items.map((item) => item.SK)).toHaveLength(2)
    expect(items.every((item) => String(item.SK).startsWith(`SES_PUB#${keys.accountId}#us-east-1#`))).toBe(
      true,
    )
    const connections = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': 'AWS_ACCOUNT' },
      ConsistentRead: true,
    })
    expect(connections.map((item) => [item.SK, item.duplicateOf ?? item.connectionId ?? null])).toEqual([
      [`AWS_ACCOUNT#${older.id}`, null],
      [`AWS_ACCOUNT#${newer.id}`, older.id],
      [`AWS_ACCOUNT_NUMBER#${keys.accountId}#us-east-1`, older.id],
    ])
  })
})
