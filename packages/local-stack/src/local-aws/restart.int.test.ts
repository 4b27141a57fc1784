import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms'
import {
  CreateEmailIdentityCommand,
  CreateEmailTemplateCommand,
  GetAccountCommand,
  GetEmailIdentityCommand,
  GetEmailTemplateCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2'
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts'
import { afterAll, expect, it } from 'vitest'
import type { LocalStackConfig } from '../config'
import { type LocalStack, startLocalStack } from '../index'
import { FREE_PORTS } from '../ports'
import {
  createLocalAwsUser,
  createLocalCustomerRole,
  grantProductionAccess,
  localAwsClientConfig,
  localCustomerAccount,
} from '../testing/local-aws'

const dataDir = mkdtempSync(join(tmpdir(), 'ses-studio-aws-restart-'))
const running: LocalStack[] = []
afterAll(async () => {
  for (const stack of running) await stack.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function start(reset = false): Promise<LocalStackConfig> {
  const stack = await startLocalStack({ dataDir, reset, ports: FREE_PORTS, logLevel: 'warn' })
  running.push(stack)
  return stack.config
}
async function stopAll(): Promise<void> {
  for (const stack of running.splice(0)) await stack.stop()
}

const context = { orgId: 'org' }

it('keeps accounts, keys, roles, sessions, SES state and the KMS key across restarts; --reset starts over', async () => {
  const first = await start()
  const demo = localCustomerAccount(first)
  const limited = await createLocalAwsUser(first, { actions: ['ses:GetAccount'] })
  const roleArn = await createLocalCustomerRole(first, { externalId: 'x'.repeat(32) })
  const ses = new SESv2Client({ ...localAwsClientConfig(first, demo), maxAttempts: 1 })
  await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: 'kept.example.com' }))
  await ses.send(
    new CreateEmailTemplateCommand({ TemplateName: 'kept', TemplateContent: { Subject: 'Kept', Text: 'x' } }),
  )
  await grantProductionAccess(first, demo.accountId)
  ses.destroy()
  const sts = new STSClient({ ...localAwsClientConfig(first, first.credentials), maxAttempts: 1 })
  const { Credentials } = await sts.send(
    new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: 'kept', ExternalId: 'x'.repeat(32) }),
  )
  sts.destroy()
  const kms = new KMSClient({ ...localAwsClientConfig(first, first.credentials), maxAttempts: 1 })
  const { CiphertextBlob, Plaintext } = await kms.send(
    new GenerateDataKeyCommand({
      KeyId: first.aws.kmsKeyAlias,
      KeySpec: 'AES_256',
      EncryptionContext: context,
    }),
  )
  kms.destroy()
  await stopAll()

  const second = await start()
  expect(localCustomerAccount(second)).toEqual(demo)
  expect(second.aws.kmsKeyId).toBe(first.aws.kmsKeyId)
  const again = new SESv2Client({ ...localAwsClientConfig(second, demo), maxAttempts: 1 })
  expect(
    (await again.send(new GetEmailIdentityCommand({ EmailIdentity: 'kept.example.com' }))).IdentityType,
  ).toBe('DOMAIN')
  expect(
    (await again.send(new GetEmailTemplateCommand({ TemplateName: 'kept' }))).TemplateContent?.Subject,
  ).toBe('Kept')
  expect((await again.send(new GetAccountCommand({}))).ProductionAccessEnabled).toBe(true)
  again.destroy()
  const limitedAgain = new SESv2Client({ ...localAwsClientConfig(second, limited), maxAttempts: 1 })
  await limitedAgain.send(new GetAccountCommand({}))
  limitedAgain.destroy()
  const session = new SESv2Client({
    ...localAwsClientConfig(second, {
      accessKeyId: Credentials?.AccessKeyId ?? '',
      secretAccessKey: Credentials?.SecretAccessKey ?? '',
      sessionToken: Credentials?.SessionToken,
    }),
    maxAttempts: 1,
  })
  expect((await session.send(new GetAccountCommand({}))).ProductionAccessEnabled).toBe(false)
  session.destroy()
  const kmsAgain = new KMSClient({ ...localAwsClientConfig(second, second.credentials), maxAttempts: 1 })
  const opened = await kmsAgain.send(new DecryptCommand({ CiphertextBlob, EncryptionContext: context }))
  expect(Buffer.from(opened.Plaintext ?? []).equals(Buffer.from(Plaintext ?? []))).toBe(true)
  kmsAgain.destroy()
  await stopAll()

  const fresh = await start(true)
  expect(localCustomerAccount(fresh).accessKeyId).not.toBe(demo.accessKeyId)
  expect(fresh.aws.kmsKeyId).not.toBe(first.aws.kmsKeyId)
  const empty = new SESv2Client({
    ...localAwsClientConfig(fresh, localCustomerAccount(fresh)),
    maxAttempts: 1,
  })
  expect((await empty.send(new GetAccountCommand({}))).ProductionAccessEnabled).toBe(false)
  empty.destroy()
}, 180_000)
