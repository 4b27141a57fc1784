import { CreateAwsAccountBodySchema } from '@app/contracts'
import { AwsAccounts, type UserActor } from '@app/core'
import { dynamo } from '@app/core/aws'
import { tableName } from '@app/core/db/table'
import { organizationContext } from '@app/core/organizations/context'
import {
  createLocalAwsUser,
  createLocalCustomerAccount,
  createLocalCustomerRole,
  type LocalAwsKeys,
  verifyLocalIdentity,
} from '@app/local-stack/testing/local-aws'
import { ScanCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it, vi } from 'vitest'
import { addMember, setSubscription } from './seed'
import { newUser, stack, uniqueEmail, waitForMail } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

/** An owner whose organization has room for several AWS accounts (Team Plus: 10 seats). */
async function ownerAndOrg() {
  const owner = await newUser()
  const orgId: string = (await owner.api.get('/api/account')).body.organizations[0].id
  await setSubscription(orgId, 'TEAM_PLUS_MONTHLY', 'active')
  return { owner, orgId }
}

/** A local customer AWS account of the test's own (its own throttle, identities and quotas). */
const customerAccount = () => createLocalCustomerAccount(stack)

async function connectWithKeys(
  owner: User,
  orgId: string,
  given?: Pick<LocalAwsKeys, 'accessKeyId' | 'secretAccessKey'>,
) {
  const keys = given ?? (await customerAccount())
  return owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
    method: 'keys',
    name: 'Production',
    region: 'us-east-1',
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  })
}

async function allTableText(): Promise<string> {
  const { Items } = await dynamo().send(new ScanCommand({ TableName: tableName() }))
  return JSON.stringify(Items)
}

describe('connecting with access keys', () => {
  it('verifies live, never returns, stores or logs the secret', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const keys = await customerAccount()
    const created = await connectWithKeys(owner, orgId, keys)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({
      name: 'Production',
      method: 'keys',
      awsAccessKeyId: keys.accessKeyId,
      awsAccountVerified: true,
      // Learnt from STS GetCallerIdentity with the customer's own key.
      awsAccountNumber: keys.accountId,
      lastCheck: { ok: true },
    })
    const listed = await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)
    expect(listed.body.items).toHaveLength(1)
    for (const text of [JSON.stringify(created.body), JSON.stringify(listed.body), await allTableText()]) {
      expect(text).not.toContain(keys.secretAccessKey)
    }
  })

  it('logs nothing of the secret when core handles it in process', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const keys = await customerAccount()
    const written: string[] = []
    const capture = (chunk: unknown) => {
      written.push(String(chunk))
      return true
    }
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation(capture),
      vi.spyOn(process.stderr, 'write').mockImplementation(capture),
      vi.spyOn(console, 'log').mockImplementation((...args) => capture(args.join(' '))),
      vi.spyOn(console, 'error').mockImplementation((...args) => capture(args.join(' '))),
    ]
    try {
      const actor: UserActor = {
        kind: 'user',
        accountId: owner.sub,
        username: owner.sub,
        email: owner.email,
        emailVerified: true,
        groups: [],
      }
      const context = await organizationContext(actor, orgId, 'aws_accounts.manage')
      const body = CreateAwsAccountBodySchema.parse({
        method: 'keys',
        region: 'us-east-1',
        accessKeyId: keys.accessKeyId,
        secretAccessKey: keys.secretAccessKey,
      })
      const account = await AwsAccounts.createAwsAccount(context, body)
      await AwsAccounts.getStatus(context, account.id)
      await AwsAccounts.updateAwsAccount(context, account.id, {
        credentials: { ...keys, secretAccessKey: `${keys.secretAccessKey}x` },
      })
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
    expect(written.join('\n')).not.toContain(keys.secretAccessKey)
  })

  it('says what is wrong: unknown key, wrong secret, missing permission', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const keys = await customerAccount()
    const unknown = await connectWithKeys(owner, orgId, { ...keys, accessKeyId: 'AKIAUNKNOWNKEY000000' })
    expect(unknown.body).toMatchObject({
      awsAccountVerified: false,
      lastCheck: { ok: false, code: 'keys_invalid' },
    })
    const wrongSecret = await connectWithKeys(owner, orgId, { ...keys, secretAccessKey: 'x'.repeat(40) })
    expect(wrongSecret.body).toMatchObject({ lastCheck: { code: 'secret_mismatch' } })
    const limited = await createLocalAwsUser(stack, {
      accountId: keys.accountId,
      actions: ['ses:ListEmailIdentities'],
    })
    const denied = await connectWithKeys(owner, orgId, { ...keys, ...limited })
    expect(denied.body).toMatchObject({ lastCheck: { code: 'permission_missing' } })
    expect(denied.body.lastCheck.message).toContain('ses:GetAccount')

    // Rotating to good keys verifies the same connection.
    const fixed = await owner.api.patch(`/api/aws-accounts/${denied.body.id}`, {
      credentials: { accessKeyId: keys.accessKeyId, secretAccessKey: keys.secretAccessKey },
    })
    expect(fixed.body).toMatchObject({ awsAccountVerified: true, awsAccessKeyId: keys.accessKeyId })
    // Unverified connections cannot be used.
    const status = await owner.api.get(`/api/aws-accounts/${unknown.body.id}/status`)
    expect(status.status).toBe(409)
    expect(status.body.error.code).toBe('aws_account.not_verified')
  })

  it("stops at the plan's AWS account seats; an organization over them (downgraded) keeps what it has", async () => {
    const owner = await newUser()
    const orgId: string = (await owner.api.get('/api/account')).body.organizations[0].id
    // No plan yet counts as Start: one AWS account.
    expect((await connectWithKeys(owner, orgId)).status).toBe(201)
    const refused = await connectWithKeys(owner, orgId)
    expect(refused.status).toBe(402)
    expect(refused.body.error).toEqual({
      code: 'team.seat_limit',
      message:
        'Your plan allows 1 AWS account and this organization has 1. Upgrade to Solo (2 AWS accounts) in Subscription & billing.',
    })
    await setSubscription(orgId, 'SOLO_MONTHLY', 'active')
    expect((await connectWithKeys(owner, orgId)).status).toBe(201)
    expect((await connectWithKeys(owner, orgId)).body.error.code).toBe('team.seat_limit')
    // A subscription that ended leaves Start's seats: both connections stay, none can be added.
    await setSubscription(orgId, 'SOLO_MONTHLY', 'canceled')
    const listedNow = await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)
    expect(listedNow.body.items).toHaveLength(2)
    const over = await connectWithKeys(owner, orgId)
    expect(over.body.error.message).toContain('Your plan allows 1 AWS account and this organization has 2.')
    expect((await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items).toHaveLength(2)
  })

  it('refuses bad input and members, changing nothing', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const keys = await customerAccount()
    const bodies = [
      {
        method: 'keys',
        region: 'mars-1',
        accessKeyId: keys.accessKeyId,
        secretAccessKey: keys.secretAccessKey,
      },
      { method: 'keys', region: 'us-east-1', accessKeyId: 'nope', secretAccessKey: keys.secretAccessKey },
      { method: 'keys', region: 'us-east-1', accessKeyId: keys.accessKeyId },
      { method: 'role', region: 'us-east-1', roleArn: 'arn:aws:iam::12:role/x' },
      { method: 'token', region: 'us-east-1' },
      { method: 'role', region: 'us-east-1', extra: true },
    ]
    for (const body of bodies) {
      const response = await owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.error.code).toBe('request.invalid')
    }
    const member = await newUser()
    await addMember(orgId, member.sub, 'MEMBER')
    expect((await connectWithKeys(member, orgId)).status).toBe(403)
    expect((await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items).toEqual([])
  })
})

describe('connecting with a cross-account role', () => {
  it('creates a connection with its own ExternalId and a quick-create link, then verifies the pasted role', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const created = await owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
      method: 'role',
      region: 'us-east-1',
    })
    expect(created.status).toBe(201)
    const { externalId, quickCreateUrl } = created.body
    expect(externalId).toMatch(/^[0-9a-f]{32}$/)
    expect(quickCreateUrl).toContain('#/stacks/quickcreate?')
    expect(quickCreateUrl).toContain(`param_ExternalId=${externalId}`)
    expect(created.body).toMatchObject({ awsAccountVerified: false, roleArn: null, lastCheck: null })

    const template = await fetch(`${stack.apiUrl}/api/aws-accounts/customer-role-template`)
    const body = await template.json()
    expect(JSON.stringify(body)).toContain('sts:ExternalId')

    const wrongRole = await createLocalCustomerRole(stack, { externalId: 'f'.repeat(32) })
    const refused = await owner.api.patch(`/api/aws-accounts/${created.body.id}`, { roleArn: wrongRole })
    expect(refused.body).toMatchObject({
      awsAccountVerified: false,
      lastCheck: { code: 'role_not_assumable' },
    })
    expect(refused.body.lastCheck.message).toContain(externalId)

    const roleArn = await createLocalCustomerRole(stack, { externalId })
    const verified = await owner.api.patch(`/api/aws-accounts/${created.body.id}`, { roleArn })
    expect(verified.body).toMatchObject({ awsAccountVerified: true, roleArn, lastCheck: { ok: true } })
    expect(verified.body.awsAccountNumber).toMatch(/^\d{12}$/)

    const status = await owner.api.get(`/api/aws-accounts/${created.body.id}/status`)
    expect(status.status, JSON.stringify(status.body)).toBe(200)
    expect(status.body).toMatchObject({ productionAccessEnabled: false, sendingEnabled: true })
  })
})

describe('the AWS selector', () => {
  it("selects one of the organization's AWS accounts, never another organization's", async () => {
    const { owner, orgId } = await ownerAndOrg()
    const first = (await connectWithKeys(owner, orgId)).body.id
    const second = (await connectWithKeys(owner, orgId)).body.id
    const selected = await owner.api.patch('/api/account', { selectedAwsAccount: second })
    expect(selected.status, JSON.stringify(selected.body)).toBe(200)
    expect(selected.body.selectedAwsAccount).toBe(second)
    expect(
      (await owner.api.patch('/api/account', { selectedAwsAccount: first })).body.selectedAwsAccount,
    ).toBe(first)

    const other = await ownerAndOrg()
    const foreign = (await connectWithKeys(other.owner, other.orgId)).body.id
    const refused = await owner.api.patch('/api/account', { selectedAwsAccount: foreign })
    expect(refused.status).toBe(404)
    expect((await owner.api.get('/api/account')).body.selectedAwsAccount).toBe(first)
  })
})

describe('another organization', () => {
  it('cannot see or touch AWS accounts and identities it does not own', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const created = await connectWithKeys(owner, orgId)
    const id = created.body.id
    const stranger = await newUser()
    const calls = [
      stranger.api.get(`/api/aws-accounts?organizationId=${orgId}`),
      stranger.api.patch(`/api/aws-accounts/${id}`, { name: 'mine' }),
      stranger.api.delete(`/api/aws-accounts/${id}`),
      stranger.api.get(`/api/aws-accounts/${id}/status`),
      stranger.api.get(`/api/email-identities?awsAccountId=${id}`),
      stranger.api.post('/api/email-identities', {
        awsAccountId: id,
        type: 'EMAIL_ADDRESS',
        email: 'x@example.com',
      }),
      stranger.api.post('/api/templates/tests', {
        email: 'x@example.com',
        content: '<p>hi</p>',
        subject: 'hi',
        organizationId: orgId,
        awsAccountId: id,
      }),
    ]
    for (const response of await Promise.all(calls)) {
      expect(response.status, JSON.stringify(response.body)).toBe(404)
    }
    expect((await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items[0].name).toBe(
      'Production',
    )
  })
})

describe('email identities and test sends', () => {
  it('adds, verifies and deletes identities, and sends a test through the customer SES', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const account = await customerAccount()
    const id = (await connectWithKeys(owner, orgId, account)).body.id
    const sender = uniqueEmail()
    const recipient = uniqueEmail()

    const added = await owner.api.post('/api/email-identities', {
      awsAccountId: id,
      type: 'EMAIL_ADDRESS',
      email: sender,
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ id: sender, type: 'EMAIL_ADDRESS', usableAsSender: false })
    const again = await owner.api.post('/api/email-identities', {
      awsAccountId: id,
      type: 'EMAIL_ADDRESS',
      email: sender,
    })
    expect(again.status).toBe(409)

    const domain = await owner.api.post('/api/email-identities', {
      awsAccountId: id,
      type: 'DOMAIN',
      domain: `d${Date.now()}.example.com`,
    })
    expect(domain.body.dkimRecords).toHaveLength(3)
    expect(domain.body.dkimRecords[0]).toMatchObject({
      type: 'CNAME',
      value: expect.stringMatching(/dkim\.amazonses\.com$/),
    })

    for (const identity of [sender, recipient]) {
      if (identity === recipient) {
        await owner.api.post('/api/email-identities', {
          awsAccountId: id,
          type: 'EMAIL_ADDRESS',
          email: recipient,
        })
      }
      await verifyLocalIdentity(stack, { accountId: account.accountId, region: 'us-east-1', identity })
    }
    const listed = await owner.api.get(`/api/email-identities?awsAccountId=${id}`)
    expect(listed.body.items.find((identity: { id: string }) => identity.id === sender)).toMatchObject({
      verificationStatus: 'SUCCESS',
      usableAsSender: true,
    })

    const sent = await owner.api.post('/api/templates/tests', {
      email: recipient,
      content: '<h1>Hello from the test</h1>',
      subject: 'Test send',
      organizationId: orgId,
      awsAccountId: id,
      from: sender,
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const mail = await waitForMail(stack, { to: recipient, subjectIncludes: 'Test send' })
    expect(mail.html).toContain('Hello from the test')

    // The sandbox only delivers to verified recipients, and says so.
    const rejected = await owner.api.post('/api/templates/tests', {
      email: uniqueEmail(),
      content: '<p>x</p>',
      subject: 'Nope',
      organizationId: orgId,
      awsAccountId: id,
      from: sender,
    })
    expect(rejected.status).toBe(422)
    expect(rejected.body.error.code).toBe('aws.rejected')

    expect(
      (await owner.api.delete(`/api/email-identities/${encodeURIComponent(sender)}?awsAccountId=${id}`))
        .status,
    ).toBe(204)
    const after = await owner.api.get(`/api/email-identities?awsAccountId=${id}`)
    expect(after.body.items.map((identity: { id: string }) => identity.id)).not.toContain(sender)
    expect(
      (await owner.api.delete(`/api/email-identities/${encodeURIComponent(sender)}?awsAccountId=${id}`))
        .status,
    ).toBe(404)
  })
})

describe('leaving the sandbox', () => {
  it('validates the request and shows the review afterwards', async () => {
    const { owner, orgId } = await ownerAndOrg()
    const id = (await connectWithKeys(owner, orgId)).body.id
    const short = await owner.api.post(`/api/aws-accounts/${id}/leave-sandbox`, {
      mailType: 'MARKETING',
      websiteUrl: 'https://example.com',
      useCaseDescription: 'too short',
    })
    expect(short.status).toBe(400)
    const asked = await owner.api.post(`/api/aws-accounts/${id}/leave-sandbox`, {
      mailType: 'TRANSACTIONAL',
      websiteUrl: 'https://example.com',
      useCaseDescription:
        'We send order confirmations and password resets to customers who created an account on example.com.',
      additionalContactEmailAddresses: ['ops@example.com'],
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    expect(asked.body.review).toMatchObject({ status: 'PENDING' })
  })
})
