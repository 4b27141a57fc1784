import { randomBytes } from 'node:crypto'
import {
  CreateConfigurationSetCommand,
  CreateConfigurationSetEventDestinationCommand,
  CreateEmailIdentityCommand,
  type EventType,
  SESv2Client,
} from '@aws-sdk/client-sesv2'
import { CreateTopicCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns'
import type { LocalStackConfig } from '../config'
import {
  createLocalCustomerAccount,
  type LocalAwsKeys,
  localAwsClientConfig,
  setLocalAwsThrottle,
  verifyLocalIdentity,
} from './local-aws'
import {
  type ReceivedSnsMessage,
  type SnsSubscriber,
  startSnsSubscriber,
  verifySnsMessage,
} from './sns-subscriber'

const ALL_TYPES: EventType[] = [
  'SEND',
  'DELIVERY',
  'BOUNCE',
  'COMPLAINT',
  'REJECT',
  'OPEN',
  'CLICK',
  'RENDERING_FAILURE',
  'DELIVERY_DELAY',
]

export interface Monitored {
  keys: LocalAwsKeys
  ses: SESv2Client
  sns: SNSClient
  domain: string
  sender: string
  setName: string
  topicArn: string
  endpoint: SnsSubscriber
}

/**
 * What the product's monitoring sets up in a customer's account: a configuration set whose SNS event destination
 * publishes to a topic there, subscribed (and confirmed) by an HTTP endpoint — here a test server.
 */
export async function monitored(
  stack: LocalStackConfig,
  cleanup: (() => unknown)[],
  options: { enabled?: boolean; confirm?: boolean; types?: EventType[] } = {},
): Promise<Monitored> {
  const keys = await createLocalCustomerAccount(stack, { productionAccess: true })
  await setLocalAwsThrottle(stack, { accountId: keys.accountId, enabled: false })
  const ses = new SESv2Client({ ...localAwsClientConfig(stack, keys), maxAttempts: 1 })
  const sns = new SNSClient({ ...localAwsClientConfig(stack, keys), maxAttempts: 1 })
  const endpoint = await startSnsSubscriber()
  cleanup.push(
    () => ses.destroy(),
    () => sns.destroy(),
    () => endpoint.close(),
  )
  const domain = `events-${randomBytes(4).toString('hex')}.example.com`
  await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }))
  await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: domain })
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'ses-studio-events' }))
  const topicArn = TopicArn ?? ''
  await sns.send(new SubscribeCommand({ TopicArn: topicArn, Protocol: 'http', Endpoint: endpoint.url }))
  const confirmation = await endpoint.waitFor((message) => message.body.Type === 'SubscriptionConfirmation')
  if (options.confirm !== false) await fetch(confirmation.body.SubscribeURL ?? '')
  const setName = 'ses-studio-monitoring'
  await ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: setName }))
  await ses.send(
    new CreateConfigurationSetEventDestinationCommand({
      ConfigurationSetName: setName,
      EventDestinationName: 'ses-studio',
      EventDestination: {
        Enabled: options.enabled ?? true,
        MatchingEventTypes: options.types ?? ALL_TYPES,
        SnsDestination: { TopicArn: topicArn },
      },
    }),
  )
  return { keys, ses, sns, domain, sender: `news@${domain}`, setName, topicArn, endpoint }
}

/** The SES event records the endpoint received for one message, in arrival order, each signature checked. */
export async function eventsFor(
  endpoint: SnsSubscriber,
  messageId: string | undefined,
  count: number,
): Promise<Record<string, unknown>[]> {
  const forMessage = (message: ReceivedSnsMessage) =>
    message.body.Type === 'Notification' &&
    (JSON.parse(message.body.Message ?? '{}') as { mail?: { messageId?: string } }).mail?.messageId ===
      messageId
  await endpoint.waitFor(() => endpoint.messages.filter(forMessage).length >= count)
  const received = endpoint.messages.filter(forMessage)
  for (const message of received)
    if (!(await verifySnsMessage(message.body))) throw new Error('An SNS message failed its signature check')
  return received.map((message) => JSON.parse(message.body.Message ?? '{}') as Record<string, unknown>)
}
