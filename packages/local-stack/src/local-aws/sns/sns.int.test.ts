import { randomBytes } from 'node:crypto'
import {
  ConfirmSubscriptionCommand,
  CreateTopicCommand,
  DeleteTopicCommand,
  GetTopicAttributesCommand,
  ListSubscriptionsByTopicCommand,
  PublishCommand,
  SetTopicAttributesCommand,
  SNSClient,
  SubscribeCommand,
  UnsubscribeCommand,
} from '@aws-sdk/client-sns'
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts'
import { afterAll, describe, expect, it } from 'vitest'
import { injectLocalStack } from '../../testing/inject-local-stack'
import {
  createLocalAwsUser,
  createLocalCustomerAccount,
  createLocalCustomerRole,
  injectLocalAwsFault,
  type LocalAwsKeys,
  localAwsClientConfig,
  localSnsDeliveries,
  signLocalSnsMessage,
} from '../../testing/local-aws'
import { type SnsSubscriber, startSnsSubscriber, verifySnsMessage } from '../../testing/sns-subscriber'

const stack = injectLocalStack()
const cleanup: (() => unknown)[] = []
afterAll(async () => {
  for (const step of cleanup) await step()
})

type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string }
function sns(credentials: Credentials): SNSClient {
  const client = new SNSClient({ ...localAwsClientConfig(stack, credentials), maxAttempts: 1 })
  cleanup.push(() => client.destroy())
  return client
}
async function subscriber(): Promise<SnsSubscriber> {
  const started = await startSnsSubscriber()
  cleanup.push(() => started.close())
  return started
}
async function customer(): Promise<{ keys: LocalAwsKeys; client: SNSClient }> {
  const keys = await createLocalCustomerAccount(stack)
  return { keys, client: sns(keys) }
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

const topicName = () => `ses-studio-events-${randomBytes(4).toString('hex')}`
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('topics', () => {
  it('creates (idempotently), describes, updates and deletes a topic', async () => {
    const { keys, client } = await customer()
    const name = topicName()
    const created = await client.send(
      new CreateTopicCommand({
        Name: name,
        Attributes: { DisplayName: 'SES events' },
        Tags: [{ Key: 'app', Value: 'ses-studio' }],
      }),
    )
    expect(created.TopicArn).toBe(`arn:aws:sns:${stack.region}:${keys.accountId}:${name}`)
    const again = await client.send(new CreateTopicCommand({ Name: name }))
    expect(again.TopicArn).toBe(created.TopicArn)
    expect(
      (
        await failure(
          client.send(new CreateTopicCommand({ Name: name, Attributes: { DisplayName: 'Other' } })),
        )
      ).name,
    ).toBe('InvalidParameterException')

    const { Attributes } = await client.send(new GetTopicAttributesCommand({ TopicArn: created.TopicArn }))
    expect(Attributes).toMatchObject({
      TopicArn: created.TopicArn,
      Owner: keys.accountId,
      DisplayName: 'SES events',
      SubscriptionsConfirmed: '0',
      SubscriptionsPending: '0',
    })
    expect(JSON.parse(Attributes?.Policy ?? '{}').Statement[0].Resource).toBe(created.TopicArn)

    await client.send(
      new SetTopicAttributesCommand({
        TopicArn: created.TopicArn,
        AttributeName: 'DisplayName',
        AttributeValue: 'Renamed',
      }),
    )
    expect(
      (await client.send(new GetTopicAttributesCommand({ TopicArn: created.TopicArn }))).Attributes
        ?.DisplayName,
    ).toBe('Renamed')
    expect(
      (
        await failure(
          client.send(
            new SetTopicAttributesCommand({
              TopicArn: created.TopicArn,
              AttributeName: 'Colour',
              AttributeValue: 'blue',
            }),
          ),
        )
      ).name,
    ).toBe('InvalidParameterException')

    await client.send(new DeleteTopicCommand({ TopicArn: created.TopicArn }))
    const gone = await failure(client.send(new GetTopicAttributesCommand({ TopicArn: created.TopicArn })))
    expect(gone).toEqual({ name: 'NotFoundException', message: 'Topic does not exist', status: 404 })
    expect((await failure(client.send(new DeleteTopicCommand({ TopicArn: created.TopicArn })))).name).toBe(
      'NotFoundException',
    )
    expect((await failure(client.send(new CreateTopicCommand({ Name: 'bad name!' })))).name).toBe(
      'InvalidParameterException',
    )
  })

  it('refuses what the identity policy does not allow, and other accounts’ topics', async () => {
    const { keys, client } = await customer()
    const { TopicArn } = await client.send(new CreateTopicCommand({ Name: topicName() }))
    const limited = await createLocalAwsUser(stack, {
      accountId: keys.accountId,
      name: 'sns-limited',
      actions: ['sns:CreateTopic'],
    })
    const denied = await failure(sns(limited).send(new GetTopicAttributesCommand({ TopicArn })))
    expect(denied).toEqual({
      name: 'AuthorizationErrorException',
      message: `User: arn:aws:iam::${keys.accountId}:user/sns-limited is not authorized to perform: SNS:GetTopicAttributes on resource: ${TopicArn} because no identity-based policy allows the SNS:GetTopicAttributes action`,
      status: 403,
    })
    const sesOnly = await createLocalAwsUser(stack, { accountId: keys.accountId, actions: ['ses:*'] })
    expect((await failure(sns(sesOnly).send(new CreateTopicCommand({ Name: topicName() })))).name).toBe(
      'AuthorizationErrorException',
    )
    const stranger = await customer()
    expect((await failure(stranger.client.send(new GetTopicAttributesCommand({ TopicArn })))).name).toBe(
      'AuthorizationErrorException',
    )
  })

  it('lets the customer role do the monitoring set-up and nothing more', async () => {
    const externalId = randomBytes(16).toString('hex')
    const roleArn = await createLocalCustomerRole(stack, { externalId })
    const sts = new STSClient({ ...localAwsClientConfig(stack, stack.credentials), maxAttempts: 1 })
    cleanup.push(() => sts.destroy())
    const { Credentials } = await sts.send(
      new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: 'monitoring', ExternalId: externalId }),
    )
    const client = sns({
      accessKeyId: Credentials?.AccessKeyId ?? '',
      secretAccessKey: Credentials?.SecretAccessKey ?? '',
      sessionToken: Credentials?.SessionToken,
    })
    const { TopicArn } = await client.send(new CreateTopicCommand({ Name: topicName() }))
    const endpoint = await subscriber()
    await client.send(new SubscribeCommand({ TopicArn, Protocol: 'http', Endpoint: endpoint.url }))
    const denied = await failure(client.send(new ListSubscriptionsByTopicCommand({ TopicArn })))
    expect(denied.name).toBe('AuthorizationErrorException')
    expect(denied.message).toContain(':assumed-role/SesStudioAccess-')
    await client.send(new DeleteTopicCommand({ TopicArn }))
  })

  it('answers injected faults in SNS’s shape', async () => {
    const { keys, client } = await customer()
    await injectLocalAwsFault(stack, {
      accountId: keys.accountId,
      operation: 'sns:CreateTopic',
      error: 'Throttled',
      message: 'Rate exceeded',
    })
    expect(await failure(client.send(new CreateTopicCommand({ Name: topicName() })))).toEqual({
      name: 'ThrottledException',
      message: 'Rate exceeded',
      status: 429,
    })
    await client.send(new CreateTopicCommand({ Name: topicName() }))
    await injectLocalAwsFault(stack, { accountId: keys.accountId, service: 'ses', error: 'InternalFailure' })
    await client.send(new CreateTopicCommand({ Name: topicName() }))
  })

  it('signs a message for endpoint tests with the key deliveries use', async () => {
    const body = JSON.parse(
      await signLocalSnsMessage(stack, {
        Type: 'Notification',
        MessageId: 'forged-1',
        TopicArn: 'arn:aws:sns:us-east-1:111111111111:t',
        Message: 'hello',
        Timestamp: new Date().toISOString(),
      }),
    ) as Record<string, string>
    expect(body).toMatchObject({ MessageId: 'forged-1', SignatureVersion: '2' })
    expect(await verifySnsMessage(body)).toBe(true)
    expect(await verifySnsMessage({ ...body, Message: 'bye' })).toBe(false)
  })
})

describe('HTTP/S subscriptions', () => {
  it('sends a signed SubscriptionConfirmation; its SubscribeURL confirms the subscription', async () => {
    const { keys, client } = await customer()
    const { TopicArn } = await client.send(new CreateTopicCommand({ Name: topicName() }))
    const endpoint = await subscriber()
    const subscribed = await client.send(
      new SubscribeCommand({ TopicArn, Protocol: 'http', Endpoint: endpoint.url }),
    )
    expect(subscribed.SubscriptionArn).toBe('pending confirmation')

    const confirmation = await endpoint.waitFor((message) => message.body.Type === 'SubscriptionConfirmation')
    expect(confirmation.headers).toMatchObject({
      'content-type': 'text/plain; charset=UTF-8',
      'x-amz-sns-message-type': 'SubscriptionConfirmation',
      'x-amz-sns-message-id': confirmation.body.MessageId,
      'x-amz-sns-topic-arn': TopicArn,
      'user-agent': 'Amazon Simple Notification Service Agent',
    })
    expect(confirmation.body).toMatchObject({
      TopicArn,
      Message: `You have chosen to subscribe to the topic ${TopicArn}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
      SignatureVersion: '2',
      SigningCertURL: `${stack.aws.gatewayUrl}/SimpleNotificationService-local.pem`,
    })
    expect(confirmation.body.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(confirmation.body.SubscribeURL).toBe(
      `${stack.aws.gatewayUrl}/?Action=ConfirmSubscription&TopicArn=${TopicArn}&Token=${confirmation.body.Token}`,
    )
    expect(await verifySnsMessage(confirmation.body)).toBe(true)
    expect(await verifySnsMessage({ ...confirmation.body, Token: `${confirmation.body.Token}0` })).toBe(false)

    const listed = await client.send(new ListSubscriptionsByTopicCommand({ TopicArn }))
    expect(listed.Subscriptions).toEqual([
      {
        TopicArn,
        Protocol: 'http',
        SubscriptionArn: 'PendingConfirmation',
        Owner: keys.accountId,
        Endpoint: endpoint.url,
      },
    ])

    const wrong = await fetch(confirmation.body.SubscribeURL?.replace(/Token=\w+/, 'Token=abc') ?? '')
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('<Code>InvalidParameter</Code>')

    const confirmed = await fetch(confirmation.body.SubscribeURL ?? '')
    expect(confirmed.status).toBe(200)
    const xml = await confirmed.text()
    const subscriptionArn = /<SubscriptionArn>([^<]+)<\/SubscriptionArn>/.exec(xml)?.[1]
    expect(xml).toContain('<ConfirmSubscriptionResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/">')
    expect(subscriptionArn).toMatch(new RegExp(`^${TopicArn}:[0-9a-f-]{36}$`))

    expect(
      (await client.send(new ListSubscriptionsByTopicCommand({ TopicArn }))).Subscriptions?.[0],
    ).toMatchObject({ SubscriptionArn: subscriptionArn })
    expect(
      (await client.send(new GetTopicAttributesCommand({ TopicArn }))).Attributes?.SubscriptionsConfirmed,
    ).toBe('1')
    const repeated = await client.send(
      new SubscribeCommand({ TopicArn, Protocol: 'http', Endpoint: endpoint.url }),
    )
    expect(repeated.SubscriptionArn).toBe(subscriptionArn)
  })

  it('confirms through the ConfirmSubscription API too, and returns the ARN when asked', async () => {
    const { client } = await customer()
    const { TopicArn } = await client.send(new CreateTopicCommand({ Name: topicName() }))
    const endpoint = await subscriber()
    const { SubscriptionArn } = await client.send(
      new SubscribeCommand({
        TopicArn,
        Protocol: 'http',
        Endpoint: endpoint.url,
        ReturnSubscriptionArn: true,
      }),
    )
    expect(SubscriptionArn).toMatch(new RegExp(`^${TopicArn}:`))
    const { body } = await endpoint.waitFor((message) => message.body.Type === 'SubscriptionConfirmation')
    expect(
      (await failure(client.send(new ConfirmSubscriptionCommand({ TopicArn, Token: 'nope' })))).name,
    ).toBe('InvalidParameterException')
    const confirmed = await client.send(new ConfirmSubscriptionCommand({ TopicArn, Token: body.Token }))
    expect(confirmed.SubscriptionArn).toBe(SubscriptionArn)
    expect(
      (
        await failure(
          client.send(new SubscribeCommand({ TopicArn, Protocol: 'https', Endpoint: endpoint.url })),
        )
      ).name,
    ).toBe('InvalidParameterException')
  })

  it('delivers signed notifications to confirmed subscriptions only; Unsubscribe ends them', async () => {
    const { client } = await customer()
    const { TopicArn } = await client.send(new CreateTopicCommand({ Name: topicName() }))
    const confirmedEndpoint = await subscriber()
    const pendingEndpoint = await subscriber()
    await client.send(new SubscribeCommand({ TopicArn, Protocol: 'http', Endpoint: confirmedEndpoint.url }))
    await client.send(new SubscribeCommand({ TopicArn, Protocol: 'http', Endpoint: pendingEndpoint.url }))
    const { body } = await confirmedEndpoint.waitFor(
      (message) => message.body.Type === 'SubscriptionConfirmation',
    )
    await fetch(body.SubscribeURL ?? '')
    await pendingEndpoint.waitFor((message) => message.body.Type === 'SubscriptionConfirmation')

    const { MessageId } = await client.send(
      new PublishCommand({ TopicArn, Message: '{"hello":"world"}', Subject: 'Greeting' }),
    )
    const notification = await confirmedEndpoint.waitFor((message) => message.body.Type === 'Notification')
    expect(notification.body).toMatchObject({
      MessageId,
      TopicArn,
      Subject: 'Greeting',
      Message: '{"hello":"world"}',
      SignatureVersion: '2',
    })
    expect(notification.headers['x-amz-sns-subscription-arn']).toMatch(new RegExp(`^${TopicArn}:`))
    expect(notification.body.UnsubscribeURL).toBe(
      `${stack.aws.gatewayUrl}/?Action=Unsubscribe&SubscriptionArn=${notification.headers['x-amz-sns-subscription-arn']}`,
    )
    expect(await verifySnsMessage(notification.body)).toBe(true)
    expect(await verifySnsMessage({ ...notification.body, Message: '{"hello":"mallory"}' })).toBe(false)

    await client.send(
      new UnsubscribeCommand({ SubscriptionArn: String(notification.headers['x-amz-sns-subscription-arn']) }),
    )
    const goodbye = await confirmedEndpoint.waitFor(
      (message) => message.body.Type === 'UnsubscribeConfirmation',
    )
    expect(await verifySnsMessage(goodbye.body)).toBe(true)
    await client.send(new PublishCommand({ TopicArn, Message: 'after' }))
    await pause(300)
    expect(confirmedEndpoint.messages.filter((message) => message.body.Type === 'Notification')).toHaveLength(
      1,
    )
    expect(pendingEndpoint.messages.filter((message) => message.body.Type === 'Notification')).toHaveLength(0)
  })

  it('retries a delivery the endpoint answered with a 500', async () => {
    const { client } = await customer()
    const { TopicArn } = await client.send(new CreateTopicCommand({ Name: topicName() }))
    const endpoint = await subscriber()
    endpoint.failNext(1, 500)
    await client.send(new SubscribeCommand({ TopicArn, Protocol: 'http', Endpoint: endpoint.url }))
    const started = Date.now()
    const { body } = await endpoint.waitFor((message) => message.body.Type === 'SubscriptionConfirmation')
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    const record = (await localSnsDeliveries(stack)).find((item) => item.messageId === body.MessageId)
    expect(record).toMatchObject({ status: 'delivered', attempts: 2, endpoint: endpoint.url })
  })
})
