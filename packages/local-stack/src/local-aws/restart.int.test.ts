import { rmSync } from 'node:fs'
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms'
import {
  CreateEmailIdentityCommand,
  CreateEmailTemplateCommand,
  GetAccountCommand,
  GetEmailIdentityCommand,
  GetEmailTemplateCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2'
import {
  CreateTopicCommand,
  GetTopicAttributesCommand,
  PublishCommand,
  SNSClient,
  SubscribeCommand,
} from '@aws-sdk/client-sns'
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
import { scratchDir } from '../testing/scratch-dir'
import { startSnsSubscriber, verifySnsMessage } from '../testing/sns-subscriber'

const dataDir = scratchDir('ses-studio-aws-restart-')
const running: LocalStack[] = []
const subscriber = startSnsSubscriber()
afterAll(async () => {
  for (const stack of running) await stack.stop()
  await (await subscriber).close()
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

const certificate = async (config: LocalStackConfig) =>
  (await fetch(`${config.aws.gatewayUrl}/SimpleNotificationService-local.pem`)).text()

it('keeps accounts, keys, roles, sessions, SES and SNS state, the KMS key and the SNS certificate across restarts; --reset starts over', async () => {
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
  const endpoint = await subscriber
  const sns = new SNSClient({ ...localAwsClientConfig(first, demo), maxAttempts: 1 })
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'kept-events' }))
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'http', Endpoint: endpoint.url }))
  const confirmation = await endpoint.waitFor((message) => message.body.Type === 'SubscriptionConfirmation')
  expect((await fetch(confirmation.body.SubscribeURL ?? '')).status).toBe(200)
  sns.destroy()
  const firstCertificate = await certificate(first)
  expect(firstCertificate).toContain('-----BEGIN CERTIFICATE-----')
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
  expect(await certificate(second)).toBe(firstCertificate)
  const snsAgain = new SNSClient({ ...localAwsClientConfig(second, demo), maxAttempts: 1 })
  expect((await snsAgain.send(new GetTopicAttributesCommand({ TopicArn }))).Attributes).toMatchObject({
    SubscriptionsConfirmed: '1',
  })
  await snsAgain.send(new PublishCommand({ TopicArn, Message: 'still here' }))
  snsAgain.destroy()
  const notification = await endpoint.waitFor((message) => message.body.Message === 'still here')
  expect(notification.body.SigningCertURL).toBe(
    `${second.aws.gatewayUrl}/SimpleNotificationService-local.pem`,
  )
  expect(await verifySnsMessage(notification.body)).toBe(true)
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
  expect(await certificate(fresh)).not.toBe(firstCertificate)
}, 180_000)
