import { GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms'
import { GetAccountCommand, ListEmailIdentitiesCommand, SESv2Client } from '@aws-sdk/client-sesv2'
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts'
import { afterAll, describe, expect, it } from 'vitest'
import { injectLocalStack } from '../testing/inject-local-stack'
import {
  clearLocalAwsFaults,
  createLocalCustomerAccount,
  createLocalCustomerRole,
  injectLocalAwsFault,
  localAwsClientConfig,
  resetLocalAwsThrottle,
  setLocalAwsThrottle,
} from '../testing/local-aws'

const stack = injectLocalStack()
const clients: { destroy(): void }[] = []
afterAll(() => {
  for (const client of clients) client.destroy()
})
function ses(keys: { accessKeyId: string; secretAccessKey: string }, maxAttempts = 1): SESv2Client {
  const client = new SESv2Client({ ...localAwsClientConfig(stack, keys), maxAttempts })
  clients.push(client)
  return client
}

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

describe('control-plane throttling', () => {
  it('lets a burst of 5 through, then about one call a second, per account', async () => {
    const keys = await createLocalCustomerAccount(stack)
    const other = await createLocalCustomerAccount(stack)
    const client = ses(keys)
    // A status page's three reads, and two more.
    for (let call = 0; call < 5; call++) await client.send(new GetAccountCommand({}))
    expect(await failure(client.send(new ListEmailIdentitiesCommand({})))).toEqual({
      name: 'TooManyRequestsException',
      message: 'Too Many Requests',
      status: 429,
    })
    // Another account has its own bucket.
    await ses(other).send(new GetAccountCommand({}))
    await new Promise((resolve) => setTimeout(resolve, 1050))
    await client.send(new GetAccountCommand({}))
    expect((await failure(client.send(new GetAccountCommand({})))).name).toBe('TooManyRequestsException')
  })

  it('is configurable per account, and the SDK’s retries get through a short throttle', async () => {
    const keys = await createLocalCustomerAccount(stack)
    // One call, then a token every 2 s: the next call is refused however slow the machine.
    await setLocalAwsThrottle(stack, { accountId: keys.accountId, rate: 0.5, burst: 1 })
    const client = ses(keys)
    await client.send(new GetAccountCommand({}))
    expect((await failure(client.send(new GetAccountCommand({})))).name).toBe('TooManyRequestsException')
    // Default retries (3 attempts with backoff) wait long enough for a token at 20/s.
    await setLocalAwsThrottle(stack, { accountId: keys.accountId, rate: 20, burst: 1 })
    await client.send(new GetAccountCommand({}))
    await ses(keys, 3).send(new GetAccountCommand({}))

    await setLocalAwsThrottle(stack, { accountId: keys.accountId, enabled: false })
    for (let call = 0; call < 10; call++) await client.send(new GetAccountCommand({}))
    await resetLocalAwsThrottle(stack, keys.accountId)
    for (let call = 0; call < 5; call++) await client.send(new GetAccountCommand({}))
    expect((await failure(client.send(new GetAccountCommand({})))).name).toBe('TooManyRequestsException')
  })
})

describe('fault injection', () => {
  it('answers the next matching calls with the injected error, in the service’s own shape', async () => {
    const keys = await createLocalCustomerAccount(stack)
    await setLocalAwsThrottle(stack, { accountId: keys.accountId, enabled: false })
    const client = ses(keys)
    await injectLocalAwsFault(stack, {
      accountId: keys.accountId,
      operation: 'GetAccount',
      error: 'TooManyRequestsException',
      count: 2,
    })
    await client.send(new ListEmailIdentitiesCommand({}))
    expect(await failure(client.send(new GetAccountCommand({})))).toEqual({
      name: 'TooManyRequestsException',
      message: 'Too Many Requests',
      status: 429,
    })
    expect((await failure(client.send(new GetAccountCommand({})))).name).toBe('TooManyRequestsException')
    await client.send(new GetAccountCommand({}))

    await injectLocalAwsFault(stack, {
      accountId: keys.accountId,
      operation: 'ses:ListEmailIdentities',
      error: 'InternalServiceErrorException',
      message: 'Something broke',
      count: 5,
    })
    expect(await failure(client.send(new ListEmailIdentitiesCommand({})))).toEqual({
      name: 'InternalServiceErrorException',
      message: 'Something broke',
      status: 500,
    })
    await clearLocalAwsFaults(stack, keys.accountId)
    await client.send(new ListEmailIdentitiesCommand({}))
  })

  it('fails STS and KMS calls too (XML and JSON 1.1)', async () => {
    const externalId = 'e'.repeat(32)
    const roleArn = await createLocalCustomerRole(stack, { externalId })
    const roleAccount = roleArn.split(':')[4]
    const sts = new STSClient({ ...localAwsClientConfig(stack, stack.credentials), maxAttempts: 1 })
    // Faults are scoped to an account no other test uses (the platform's calls belong to everyone's tests).
    const customer = await createLocalCustomerAccount(stack)
    const kms = new KMSClient({ ...localAwsClientConfig(stack, customer), maxAttempts: 1 })
    clients.push(sts, kms)
    await injectLocalAwsFault(stack, {
      accountId: roleAccount,
      operation: 'sts:AssumeRole',
      error: 'RegionDisabledException',
      message: 'STS is not activated in this region',
    })
    expect(
      await failure(
        sts.send(
          new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: 'fault', ExternalId: externalId }),
        ),
      ),
    ).toEqual({
      name: 'RegionDisabledException',
      message: 'STS is not activated in this region',
      status: 400,
    })
    await sts.send(
      new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: 'fault', ExternalId: externalId }),
    )

    await injectLocalAwsFault(stack, {
      accountId: customer.accountId,
      operation: 'kms:GenerateDataKey',
      error: 'KMSInternalException',
    })
    expect(
      (
        await failure(
          kms.send(new GenerateDataKeyCommand({ KeyId: stack.aws.kmsKeyAlias, KeySpec: 'AES_256' })),
        )
      ).name,
    ).toBe('KMSInternalException')
  })
})
