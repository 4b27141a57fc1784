import { randomBytes } from 'node:crypto'
import {
  DecryptCommand,
  DescribeKeyCommand,
  EncryptCommand,
  GenerateDataKeyCommand,
  KMSClient,
} from '@aws-sdk/client-kms'
import {
  GetAccountCommand,
  ListEmailIdentitiesCommand,
  PutAccountSendingAttributesCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2'
import { AssumeRoleCommand, GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts'
import { afterAll, describe, expect, it } from 'vitest'
import { injectLocalStack } from '../testing/inject-local-stack'
import {
  createLocalAwsUser,
  createLocalCustomerAccount,
  createLocalCustomerRole,
  expireLocalAwsSession,
  localAwsClientConfig,
  localCustomerAccount,
} from '../testing/local-aws'

const stack = injectLocalStack()
type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string }
const clients: { destroy(): void }[] = []
afterAll(() => {
  for (const client of clients) client.destroy()
})
function client<C extends { destroy(): void }>(made: C): C {
  clients.push(made)
  return made
}
const ses = (credentials: Credentials) =>
  client(new SESv2Client({ ...localAwsClientConfig(stack, credentials), maxAttempts: 1 }))
const sts = (credentials: Credentials) =>
  client(new STSClient({ ...localAwsClientConfig(stack, credentials), maxAttempts: 1 }))
const kms = (credentials: Credentials) =>
  client(new KMSClient({ ...localAwsClientConfig(stack, credentials), maxAttempts: 1 }))
const platform = () => ({ ...stack.credentials })

async function failure(
  promise: Promise<unknown>,
): Promise<{ name: string; message: string; status?: number }> {
  try {
    await promise
  } catch (error) {
    const { name, message, $metadata } = error as Error & { $metadata?: { httpStatusCode?: number } }
    return { name, message, status: $metadata?.httpStatusCode }
  }
  throw new Error('expected the call to fail')
}

const externalId = () => randomBytes(16).toString('hex')

describe('SigV4 like AWS', () => {
  it('answers the seeded customer’s key as that account, in the sandbox', async () => {
    const account = await ses(localCustomerAccount(stack)).send(new GetAccountCommand({}))
    expect(account).toMatchObject({
      ProductionAccessEnabled: false,
      SendingEnabled: true,
      EnforcementStatus: 'HEALTHY',
      SendQuota: { Max24HourSend: 200, MaxSendRate: 1 },
    })
    const me = await sts(localCustomerAccount(stack)).send(new GetCallerIdentityCommand({}))
    expect(me.Account).toBe(stack.aws.demoAccount.accountId)
    expect(me.Arn).toBe(
      `arn:aws:iam::${stack.aws.demoAccount.accountId}:user/${stack.aws.demoAccount.userName}`,
    )
  })

  it('refuses an unknown access key and a wrong secret in each service’s words', async () => {
    const unknown = { accessKeyId: 'AKIAUNKNOWNKEY000000', secretAccessKey: 'x'.repeat(40) }
    const invalid = 'The security token included in the request is invalid.'
    expect(await failure(ses(unknown).send(new GetAccountCommand({})))).toEqual({
      name: 'UnrecognizedClientException',
      message: invalid,
      status: 403,
    })
    expect(await failure(sts(unknown).send(new GetCallerIdentityCommand({})))).toEqual({
      name: 'InvalidClientTokenId',
      message: invalid,
      status: 403,
    })
    expect(
      (await failure(kms(unknown).send(new DescribeKeyCommand({ KeyId: stack.aws.kmsKeyAlias })))).name,
    ).toBe('UnrecognizedClientException')

    const wrongSecret = { ...localCustomerAccount(stack), secretAccessKey: 'y'.repeat(40) }
    const mismatch = await failure(ses(wrongSecret).send(new GetAccountCommand({})))
    expect(mismatch).toEqual({
      name: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      status: 403,
    })
    expect((await failure(sts(wrongSecret).send(new GetCallerIdentityCommand({})))).name).toBe(
      'SignatureDoesNotMatch',
    )
  })

  it('names the action a user lacks', async () => {
    const limited = await createLocalAwsUser(stack, { actions: ['ses:ListEmailIdentities'] })
    await ses(limited).send(new ListEmailIdentitiesCommand({}))
    expect(await failure(ses(limited).send(new GetAccountCommand({})))).toEqual({
      name: 'AccessDeniedException',
      message: `User: arn:aws:iam::${limited.accountId}:user/${limited.userName} is not authorized to perform: ses:GetAccount because no identity-based policy allows the ses:GetAccount action`,
      status: 403,
    })
  })

  it('keeps the platform’s own credentials working as the platform account, out of the sandbox', async () => {
    const me = await sts(platform()).send(new GetCallerIdentityCommand({}))
    expect(me.Account).toBe(stack.aws.platformAccountId)
    const account = await ses(platform()).send(new GetAccountCommand({}))
    expect(account.ProductionAccessEnabled).toBe(true)
    expect(account.SendQuota).toMatchObject({ Max24HourSend: 50_000, MaxSendRate: 14 })
  })
})

describe('STS AssumeRole', () => {
  it('gives temporary credentials that act as the role, with the role’s permissions', async () => {
    const id = externalId()
    const roleArn = await createLocalCustomerRole(stack, { externalId: id })
    const accountId = roleArn.split(':')[4]
    const started = Date.now()
    const { Credentials, AssumedRoleUser } = await sts(platform()).send(
      new AssumeRoleCommand({
        RoleArn: roleArn,
        RoleSessionName: 'ses-studio-test',
        ExternalId: id,
        DurationSeconds: 900,
      }),
    )
    expect(Credentials?.AccessKeyId).toMatch(/^ASIA[A-Z0-9]{16}$/)
    expect(Credentials?.Expiration?.getTime()).toBeGreaterThanOrEqual(started + 899_000)
    expect(Credentials?.Expiration?.getTime()).toBeLessThanOrEqual(Date.now() + 901_000)
    expect(AssumedRoleUser?.Arn).toBe(
      `arn:aws:sts::${accountId}:assumed-role/SesStudioAccess-us-east-1/ses-studio-test`,
    )

    const session = {
      accessKeyId: Credentials?.AccessKeyId ?? '',
      secretAccessKey: Credentials?.SecretAccessKey ?? '',
      sessionToken: Credentials?.SessionToken ?? '',
    }
    const account = await ses(session).send(new GetAccountCommand({}))
    expect(account.ProductionAccessEnabled).toBe(false)
    expect((await sts(session).send(new GetCallerIdentityCommand({}))).Account).toBe(accountId)
    // The template grants nothing outside CUSTOMER_ROLE_ACTIONS.
    const outside = await failure(
      ses(session).send(new PutAccountSendingAttributesCommand({ SendingEnabled: false })),
    )
    expect(outside.name).toBe('AccessDeniedException')
    expect(outside.message).toContain('ses:PutAccountSendingAttributes')

    await expireLocalAwsSession(stack, session.accessKeyId)
    expect(await failure(ses(session).send(new GetAccountCommand({})))).toEqual({
      name: 'ExpiredTokenException',
      message: 'The security token included in the request is expired',
      status: 403,
    })
  })

  it('defaults to an hour, and a role session is named in AccessDenied', async () => {
    const id = externalId()
    const roleArn = await createLocalCustomerRole(stack, {
      externalId: id,
      actions: ['ses:ListEmailIdentities'],
    })
    const before = Date.now()
    const { Credentials } = await sts(platform()).send(
      new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: 'hour', ExternalId: id }),
    )
    expect(Credentials?.Expiration?.getTime()).toBeGreaterThanOrEqual(before + 3_599_000)
    const session = {
      accessKeyId: Credentials?.AccessKeyId ?? '',
      secretAccessKey: Credentials?.SecretAccessKey ?? '',
      sessionToken: Credentials?.SessionToken ?? '',
    }
    const denied = await failure(ses(session).send(new GetAccountCommand({})))
    expect(denied.name).toBe('AccessDeniedException')
    expect(denied.message).toBe(
      `User: arn:aws:sts::${roleArn.split(':')[4]}:assumed-role/SesStudioAccess-us-east-1/hour is not authorized to perform: ses:GetAccount because no identity-based policy allows the ses:GetAccount action`,
    )
    // A session token that is not this key's is refused like an unknown key.
    expect(
      (await failure(ses({ ...session, sessionToken: 'forged' }).send(new GetAccountCommand({})))).name,
    ).toBe('UnrecognizedClientException')
  })

  it('refuses a wrong ExternalId, a missing role and an untrusted caller with the same AccessDenied', async () => {
    const id = externalId()
    const roleArn = await createLocalCustomerRole(stack, { externalId: id })
    const platformArn = `arn:aws:iam::${stack.aws.platformAccountId}:user/ses-studio-local`
    const assume = (credentials: Credentials, arn: string, external?: string) =>
      failure(
        sts(credentials).send(
          new AssumeRoleCommand({ RoleArn: arn, RoleSessionName: 's1', ExternalId: external }),
        ),
      )

    expect(await assume(platform(), roleArn, externalId())).toEqual({
      name: 'AccessDenied',
      message: `User: ${platformArn} is not authorized to perform: sts:AssumeRole on resource: ${roleArn}`,
      status: 403,
    })
    expect((await assume(platform(), roleArn)).name).toBe('AccessDenied')
    const missing = roleArn.replace('SesStudioAccess-us-east-1', 'NoSuchRole')
    expect((await assume(platform(), missing, id)).message).toBe(
      `User: ${platformArn} is not authorized to perform: sts:AssumeRole on resource: ${missing}`,
    )
    const customer = await createLocalCustomerAccount(stack, { actions: ['*'] })
    expect(await assume(customer, roleArn, id)).toMatchObject({
      name: 'AccessDenied',
      message: `User: arn:aws:iam::${customer.accountId}:user/${customer.userName} is not authorized to perform: sts:AssumeRole on resource: ${roleArn}`,
    })
    const tooLong = await failure(
      sts(platform()).send(
        new AssumeRoleCommand({
          RoleArn: roleArn,
          RoleSessionName: 's1',
          ExternalId: id,
          DurationSeconds: 7200,
        }),
      ),
    )
    expect(tooLong).toMatchObject({
      name: 'ValidationError',
      message: 'The requested DurationSeconds exceeds the MaxSessionDuration set for this role.',
    })
  })
})

describe('KMS', () => {
  const context = { orgId: 'org-1', awsAccountId: 'conn-1' }

  it('generates a data key whose ciphertext only this key and the same context open', async () => {
    const client = kms(platform())
    const { Plaintext, CiphertextBlob, KeyId } = await client.send(
      new GenerateDataKeyCommand({
        KeyId: stack.aws.kmsKeyAlias,
        KeySpec: 'AES_256',
        EncryptionContext: context,
      }),
    )
    expect(Plaintext).toHaveLength(32)
    expect(KeyId).toBe(stack.aws.kmsKeyArn)
    expect(Buffer.from(CiphertextBlob ?? []).includes(Buffer.from(Plaintext ?? []))).toBe(false)
    const opened = await client.send(
      new DecryptCommand({ CiphertextBlob, EncryptionContext: { awsAccountId: 'conn-1', orgId: 'org-1' } }),
    )
    expect(Buffer.from(opened.Plaintext ?? []).equals(Buffer.from(Plaintext ?? []))).toBe(true)
    expect(opened.KeyId).toBe(stack.aws.kmsKeyArn)

    const wrong = await failure(
      client.send(new DecryptCommand({ CiphertextBlob, EncryptionContext: { ...context, orgId: 'org-2' } })),
    )
    expect(wrong).toMatchObject({ name: 'InvalidCiphertextException', status: 400 })
    expect((await failure(client.send(new DecryptCommand({ CiphertextBlob })))).name).toBe(
      'InvalidCiphertextException',
    )
    const tampered = Buffer.from(CiphertextBlob ?? [])
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1
    expect(
      (
        await failure(
          client.send(new DecryptCommand({ CiphertextBlob: tampered, EncryptionContext: context })),
        )
      ).name,
    ).toBe('InvalidCiphertextException')
  })

  it('encrypts, describes its key by id, ARN or alias, and refuses other accounts and unknown keys', async () => {
    const client = kms(platform())
    const sealed = await client.send(
      new EncryptCommand({
        KeyId: stack.aws.kmsKeyId,
        Plaintext: Buffer.from('secret'),
        EncryptionContext: context,
      }),
    )
    const opened = await client.send(
      new DecryptCommand({
        CiphertextBlob: sealed.CiphertextBlob,
        EncryptionContext: context,
        KeyId: stack.aws.kmsKeyArn,
      }),
    )
    expect(Buffer.from(opened.Plaintext ?? []).toString()).toBe('secret')
    for (const keyId of [stack.aws.kmsKeyId, stack.aws.kmsKeyArn, stack.aws.kmsKeyAlias]) {
      const { KeyMetadata } = await client.send(new DescribeKeyCommand({ KeyId: keyId }))
      expect(KeyMetadata).toMatchObject({ KeyId: stack.aws.kmsKeyId, Enabled: true, KeyState: 'Enabled' })
    }
    expect((await failure(client.send(new DescribeKeyCommand({ KeyId: 'alias/nope' })))).name).toBe(
      'NotFoundException',
    )
    const customer = await failure(
      kms(localCustomerAccount(stack)).send(
        new DecryptCommand({ CiphertextBlob: sealed.CiphertextBlob, EncryptionContext: context }),
      ),
    )
    expect(customer.name).toBe('AccessDeniedException')
    expect(customer.message).toContain('kms:Decrypt')
  })
})
