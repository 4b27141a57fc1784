import { dynamo } from '@app/core/aws'
import { organizationPartition } from '@app/core/db/keys'
import { queryAll, tableName } from '@app/core/db/table'
import { createLocalCustomerAccount, createLocalCustomerRole } from '@app/local-stack/testing/local-aws'
import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { addMember, setSubscription } from './seed'
import { newUser, stack } from './stack'

type User = Awaited<ReturnType<typeof newUser>>
type Keys = Awaited<ReturnType<typeof createLocalCustomerAccount>>

/** An owner whose organization has room for several AWS accounts (Team Plus: 10 seats). */
async function ownerAndOrg() {
  const owner = await newUser()
  const orgId: string = (await owner.api.get('/api/account')).body.organizations[0].id
  await setSubscription(orgId, 'TEAM_PLUS_MONTHLY', 'active')
  return { owner, orgId }
}

const withKeys = (owner: User, orgId: string, keys: Keys, region = 'us-east-1', name = 'By keys') =>
  owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
    method: 'keys',
    name,
    region,
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  })

const withRole = (owner: User, orgId: string, roleArn?: string, name = 'By role') =>
  owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
    method: 'role',
    name,
    region: 'us-east-1',
    ...(roleArn ? { roleArn } : {}),
  })

const roleArnIn = (accountId: string) => `arn:aws:iam::${accountId}:role/SesStudioAccess-us-east-1`

const listed = async (owner: User, orgId: string) =>
  (await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items as {
    id: string
    name: string
    awsAccountNumber: string | null
    duplicateOf: string | null
  }[]

/** The organization's claim items (one per connected AWS account and region). */
async function claims(orgId: string) {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': 'AWS_ACCOUNT_NUMBER#' },
    ConsistentRead: true,
  })
  return items.map((item) => ({ SK: item.SK, connectionId: item.connectionId }))
}

function expectAlreadyConnected(
  response: { status: number; body: { error: { code: string; message: string; awsAccount?: unknown } } },
  existing: { id: string; name: string },
  accountId: string,
) {
  expect(response.status, JSON.stringify(response.body)).toBe(409)
  expect(response.body.error.code).toBe('aws_account.already_connected')
  expect(response.body.error.message).toContain(accountId)
  expect(response.body.error.message).toContain(`'${existing.name}'`)
  expect(response.body.error.awsAccount).toEqual({ id: existing.id, name: existing.name })
}

describe('one connection per AWS account and region', () => {
  it('refuses a role after keys to the same account, at create time, naming the connection; nothing is written', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const keys = await createLocalCustomerAccount(stack)
    const first = await withKeys(owner, orgId, keys, 'us-east-1', 'Production')
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({ awsAccountNumber: keys.accountId, duplicateOf: null })

    const refused = await withRole(owner, orgId, roleArnIn(keys.accountId))
    expectAlreadyConnected(refused, { id: first.body.id, name: 'Production' }, keys.accountId)
    expect((await listed(owner, orgId)).map((account) => account.id)).toEqual([first.body.id])
    expect(await claims(orgId)).toEqual([
      { SK: `AWS_ACCOUNT_NUMBER#${keys.accountId}#us-east-1`, connectionId: first.body.id },
    ])
  })

  it('refuses keys after a verified role, and a role ARN pasted later into another connection', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const pending = await withRole(owner, orgId)
    expect(pending.status).toBe(201)
    const keys = await createLocalCustomerAccount(stack)
    const roleArn = await createLocalCustomerRole(stack, {
      accountId: keys.accountId,
      externalId: pending.body.externalId,
    })
    const verified = await owner.api.patch(`/api/aws-accounts/${pending.body.id}`, { roleArn })
    expect(verified.body).toMatchObject({ awsAccountVerified: true, awsAccountNumber: keys.accountId })

    // Keys learn their account number from STS when they are checked: then the refusal comes.
    const refused = await withKeys(owner, orgId, keys)
    expectAlreadyConnected(refused, { id: pending.body.id, name: 'By role' }, keys.accountId)

    // A second role connection waiting for its ARN: pasting an ARN of the same account is refused, unchanged.
    const second = await withRole(owner, orgId, undefined, 'Second')
    const pasted = await owner.api.patch(`/api/aws-accounts/${second.body.id}`, { roleArn })
    expectAlreadyConnected(pasted, { id: pending.body.id, name: 'By role' }, keys.accountId)
    const after = (await listed(owner, orgId)).find((account) => account.id === second.body.id)
    expect(after).toMatchObject({ awsAccountNumber: null, roleArn: null })
  })

  it('lets exactly one of two concurrent creates through', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const keys = await createLocalCustomerAccount(stack)
    const answers = await Promise.all([
      withKeys(owner, orgId, keys, 'us-east-1', 'One'),
      withKeys(owner, orgId, keys, 'us-east-1', 'Two'),
      withRole(owner, orgId, roleArnIn(keys.accountId), 'Three'),
    ])
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses, JSON.stringify(answers.map((answer) => answer.body))).toEqual([201, 409, 409])
    const winner = answers.find((answer) => answer.status === 201)?.body
    for (const loser of answers.filter((answer) => answer.status === 409)) {
      expectAlreadyConnected(loser, { id: winner.id, name: winner.name }, keys.accountId)
    }
    expect(await listed(owner, orgId)).toHaveLength(1)
    expect(await claims(orgId)).toHaveLength(1)
  })

  it('allows the same account in another region, and in another organization', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const keys = await createLocalCustomerAccount(stack)
    expect((await withKeys(owner, orgId, keys, 'us-east-1')).status).toBe(201)
    const other = await withKeys(owner, orgId, keys, 'eu-west-1', 'Ireland')
    expect(other.status, JSON.stringify(other.body)).toBe(201)

    const stranger = await ownerAndOrg()
    const theirs = await withKeys(stranger.owner, stranger.orgId, keys)
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201)
    // Moving the Ireland connection onto the taken region is refused, and it stays where it was.
    const moved = await owner.api.patch(`/api/aws-accounts/${other.body.id}`, { region: 'us-east-1' })
    expect(moved.status).toBe(409)
    expect(moved.body.error.awsAccount.name).toBe('By keys')
    expect((await listed(owner, orgId)).find((account) => account.id === other.body.id)).toMatchObject({
      region: 'eu-west-1',
    })
    expect((await claims(orgId)).map((claim) => claim.SK).sort()).toEqual([
      `AWS_ACCOUNT_NUMBER#${keys.accountId}#eu-west-1`,
      `AWS_ACCOUNT_NUMBER#${keys.accountId}#us-east-1`,
    ])
  })

  it('frees the account when its connection is deleted or moves to another region', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const keys = await createLocalCustomerAccount(stack)
    const first = await withKeys(owner, orgId, keys)
    expect((await owner.api.delete(`/api/aws-accounts/${first.body.id}`)).status).toBe(204)
    expect(await claims(orgId)).toEqual([])
    const again = await withRole(owner, orgId, roleArnIn(keys.accountId))
    expect(again.status, JSON.stringify(again.body)).toBe(201)

    const moved = await owner.api.patch(`/api/aws-accounts/${again.body.id}`, { region: 'eu-west-1' })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(await claims(orgId)).toEqual([
      { SK: `AWS_ACCOUNT_NUMBER#${keys.accountId}#eu-west-1`, connectionId: again.body.id },
    ])
    expect((await withKeys(owner, orgId, keys)).status).toBe(201)
  })

  it('answers members and strangers as before (403, 404), never with the other connection', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const keys = await createLocalCustomerAccount(stack)
    const first = await withKeys(owner, orgId, keys, 'us-east-1', 'Secret name')
    const member = await newUser()
    await addMember(orgId, member.sub, 'MEMBER')
    const asMember = await withKeys(member, orgId, keys)
    expect(asMember.status).toBe(403)
    expect(JSON.stringify(asMember.body)).not.toContain(first.body.id)
    const stranger = await newUser()
    const asStranger = await withKeys(stranger, orgId, keys)
    expect([403, 404]).toContain(asStranger.status)
    expect(JSON.stringify(asStranger.body)).not.toContain('Secret name')
    const { Items } = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': 'AWS_ACCOUNT#' },
      }),
    )
    expect(Items).toHaveLength(1)
  })
})
