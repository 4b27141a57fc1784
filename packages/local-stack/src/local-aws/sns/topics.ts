import { randomBytes, randomUUID } from 'node:crypto'
import { AwsError } from '../protocol'
import type { LocalAwsState, SnsSubscription, SnsTopic } from '../state'

export const invalidParameter = (detail: string) =>
  new AwsError(400, 'InvalidParameter', `Invalid parameter: ${detail}`)
export const topicNotFound = () => new AwsError(404, 'NotFound', 'Topic does not exist')

const TOPIC_ARN = /^arn:aws:sns:([a-z0-9-]+):(\d{12}):([A-Za-z0-9_-]{1,256}(?:\.fifo)?)$/
const SUBSCRIPTION_ARN = /^(arn:aws:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_.-]{1,256}):[0-9a-f-]{36}$/

/** Attributes CreateTopic and SetTopicAttributes take (besides the delivery-status logging ones). */
const SETTABLE = new Set([
  'DisplayName',
  'Policy',
  'DeliveryPolicy',
  'KmsMasterKeyId',
  'SignatureVersion',
  'TracingConfig',
  'ArchivePolicy',
  'ContentBasedDeduplication',
  'FifoThroughputScope',
  'DataProtectionPolicy',
])
const FEEDBACK_ATTRIBUTE =
  /^(HTTP|Firehose|Lambda|Application|SQS)(Success|Failure)Feedback(RoleArn|SampleRate)$/

export const topicArn = (region: string, accountId: string, name: string) =>
  `arn:aws:sns:${region}:${accountId}:${name}`

/** The topic an ARN names, for a caller signed for `region`; its owner is checked by the caller. */
export function findTopic(state: LocalAwsState, arn: string | null, region: string): SnsTopic {
  const parsed = TOPIC_ARN.exec(arn ?? '')
  if (!arn || !parsed || parsed[1] !== region) throw invalidParameter('TopicArn')
  const topic = state.snsTopics[arn]
  if (!topic) throw topicNotFound()
  return topic
}

export function checkAttribute(name: string, value: string, creating: boolean): void {
  if (!SETTABLE.has(name) && !FEEDBACK_ATTRIBUTE.test(name) && !(creating && name === 'FifoTopic'))
    throw invalidParameter(`AttributeName`)
  if (name === 'SignatureVersion' && value !== '1' && value !== '2')
    throw invalidParameter('Attributes Reason: SignatureVersion: Invalid value. Valid values are 1 or 2')
  if ((name === 'Policy' || name === 'DeliveryPolicy') && value !== '') {
    try {
      JSON.parse(value)
    } catch {
      throw invalidParameter(`${name}: failed to parse JSON`)
    }
  }
}

/** CreateTopic: a new topic, or the existing one of that name when the attributes asked for agree with it. */
export function createTopic(
  state: LocalAwsState,
  request: {
    accountId: string
    region: string
    name: string
    attributes: Record<string, string>
    tags: { Key: string; Value: string }[]
  },
): SnsTopic {
  const fifo = request.attributes.FifoTopic === 'true'
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(fifo ? request.name.replace(/\.fifo$/, '') : request.name))
    throw invalidParameter('Topic Name')
  if (fifo !== request.name.endsWith('.fifo'))
    throw invalidParameter('Topic Name: FIFO topic names end with .fifo')
  for (const [name, value] of Object.entries(request.attributes)) checkAttribute(name, value, true)
  const arn = topicArn(request.region, request.accountId, request.name)
  const existing = state.snsTopics[arn]
  if (existing) {
    const differs = Object.entries(request.attributes).some(
      ([name, value]) => (existing.attributes[name] ?? (name === 'FifoTopic' ? 'false' : '')) !== value,
    )
    if (differs) throw invalidParameter('Attributes Reason: Topic already exists with different attributes')
    return existing
  }
  const topic: SnsTopic = {
    name: request.name,
    arn,
    accountId: request.accountId,
    region: request.region,
    attributes: { ...request.attributes },
    tags: request.tags,
    subscriptions: {},
    subscriptionsDeleted: 0,
    createdAt: new Date().toISOString(),
  }
  state.snsTopics[arn] = topic
  return topic
}

export function deleteTopic(state: LocalAwsState, topic: SnsTopic): void {
  delete state.snsTopics[topic.arn]
}

/** SNS's default access policy: the owner account may do everything with the topic. */
function defaultPolicy(topic: SnsTopic): string {
  return JSON.stringify({
    Version: '2008-10-17',
    Id: '__default_policy_ID',
    Statement: [
      {
        Sid: '__default_statement_ID',
        Effect: 'Allow',
        Principal: { AWS: '*' },
        Action: [
          'SNS:GetTopicAttributes',
          'SNS:SetTopicAttributes',
          'SNS:AddPermission',
          'SNS:RemovePermission',
          'SNS:DeleteTopic',
          'SNS:Subscribe',
          'SNS:ListSubscriptionsByTopic',
          'SNS:Publish',
        ],
        Resource: topic.arn,
        Condition: { StringEquals: { 'AWS:SourceOwner': topic.accountId } },
      },
    ],
  })
}

const EFFECTIVE_DELIVERY_POLICY = JSON.stringify({
  http: {
    defaultHealthyRetryPolicy: {
      minDelayTarget: 20,
      maxDelayTarget: 20,
      numRetries: 3,
      numMaxDelayRetries: 0,
      numNoDelayRetries: 0,
      numMinDelayRetries: 0,
      backoffFunction: 'linear',
    },
    disableSubscriptionOverrides: false,
    defaultRequestPolicy: { headerContentType: 'text/plain; charset=UTF-8' },
  },
})

export function topicAttributes(topic: SnsTopic): Record<string, string> {
  const subscriptions = Object.values(topic.subscriptions)
  return {
    Policy: defaultPolicy(topic),
    Owner: topic.accountId,
    SubscriptionsPending: String(subscriptions.filter((item) => !item.confirmed).length),
    TopicArn: topic.arn,
    EffectiveDeliveryPolicy: EFFECTIVE_DELIVERY_POLICY,
    SubscriptionsConfirmed: String(subscriptions.filter((item) => item.confirmed).length),
    DisplayName: '',
    SubscriptionsDeleted: String(topic.subscriptionsDeleted),
    ...topic.attributes,
  }
}

/** Subscribe: the existing subscription of that protocol and endpoint, or a new pending one. */
export function subscribe(
  topic: SnsTopic,
  protocol: string,
  endpoint: string,
  owner: string,
): { subscription: SnsSubscription; created: boolean } {
  if (protocol !== 'http' && protocol !== 'https')
    throw invalidParameter(
      `Protocol: ${protocol || '(none)'} (the local SNS stand-in delivers to http and https endpoints only)`,
    )
  let url: URL | undefined
  try {
    url = new URL(endpoint)
  } catch {
    url = undefined
  }
  if (!url || url.protocol !== `${protocol}:`)
    throw invalidParameter('Endpoint Reason: Endpoint must match the specified protocol')
  const existing = Object.values(topic.subscriptions).find(
    (item) => item.protocol === protocol && item.endpoint === endpoint,
  )
  if (existing) return { subscription: existing, created: false }
  const subscription: SnsSubscription = {
    arn: `${topic.arn}:${randomUUID()}`,
    protocol,
    endpoint,
    owner,
    confirmed: false,
    token: randomBytes(64).toString('hex'),
    createdAt: new Date().toISOString(),
  }
  topic.subscriptions[subscription.arn] = subscription
  return { subscription, created: true }
}

/** ConfirmSubscription (the SubscribeURL, or the API): the topic's subscription holding that token. */
export function confirmSubscription(
  state: LocalAwsState,
  arn: string | null,
  token: string | null,
): { topic: SnsTopic; subscription: SnsSubscription } {
  if (!arn || !TOPIC_ARN.test(arn)) throw invalidParameter('TopicArn')
  const topic = state.snsTopics[arn]
  if (!topic) throw topicNotFound()
  const subscription = Object.values(topic.subscriptions).find((item) => token && item.token === token)
  if (!subscription) throw new AwsError(400, 'InvalidParameter', 'Invalid token')
  subscription.confirmed = true
  return { topic, subscription }
}

export function findSubscription(
  state: LocalAwsState,
  arn: string | null,
): { topic: SnsTopic; subscription: SnsSubscription } {
  const match = SUBSCRIPTION_ARN.exec(arn ?? '')
  if (!arn || !match) throw invalidParameter('SubscriptionArn')
  const topic = state.snsTopics[match[1] as string]
  const subscription = topic?.subscriptions[arn]
  if (!topic || !subscription) throw new AwsError(404, 'NotFound', 'Subscription does not exist')
  return { topic, subscription }
}

export function removeSubscription(topic: SnsTopic, subscription: SnsSubscription): void {
  delete topic.subscriptions[subscription.arn]
  topic.subscriptionsDeleted += 1
}
