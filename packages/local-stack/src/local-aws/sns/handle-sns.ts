import { randomUUID } from 'node:crypto'
import { isAllowed, type Principal } from '../iam'
import { AwsError, accessDenied } from '../protocol'
import type { LocalAwsState, SnsSubscription, SnsTopic } from '../state'
import type { SnsDeliveries } from './deliveries'
import {
  checkAttribute,
  confirmSubscription,
  createTopic,
  deleteTopic,
  findSubscription,
  findTopic,
  invalidParameter,
  removeSubscription,
  subscribe,
  topicArn,
  topicAttributes,
} from './topics'

export const SNS_VERSION = '2010-03-31'
const NAMESPACE = 'http://sns.amazonaws.com/doc/2010-03-31/'
const PAGE_SIZE = 100

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`

/** An awsQuery answer: `<ActionResponse><ActionResult>…</ActionResult><ResponseMetadata>…`. */
export function snsResponse(action: string, result?: string): string {
  const body = result === undefined ? '' : `  <${action}Result>\n${result}\n  </${action}Result>\n`
  return `<${action}Response xmlns="${NAMESPACE}">\n${body}  <ResponseMetadata>\n    <RequestId>${randomUUID()}</RequestId>\n  </ResponseMetadata>\n</${action}Response>\n`
}

/** `Prefix.entry.N.key/value` (maps) or `Prefix.member.N.Key/Value` (tag lists) of a query request. */
function entries(params: URLSearchParams, prefix: string, kind: 'entry' | 'member'): [string, string][] {
  const [keyName, valueName] = kind === 'entry' ? ['key', 'value'] : ['Key', 'Value']
  const found: [string, string][] = []
  for (let index = 1; params.has(`${prefix}.${kind}.${index}.${keyName}`); index++)
    found.push([
      params.get(`${prefix}.${kind}.${index}.${keyName}`) ?? '',
      params.get(`${prefix}.${kind}.${index}.${valueName}`) ?? '',
    ])
  return found
}

function subscriptionMember(subscription: SnsSubscription, topic: SnsTopic): string {
  return `      <member>\n        ${[
    element('TopicArn', topic.arn),
    element('Protocol', subscription.protocol),
    element('SubscriptionArn', subscription.confirmed ? subscription.arn : 'PendingConfirmation'),
    element('Owner', subscription.owner),
    element('Endpoint', subscription.endpoint),
  ].join('\n        ')}\n      </member>`
}

function page<T>(items: T[], token: string | null): { items: T[]; next?: string } {
  const start = token ? Number(Buffer.from(token, 'base64url').toString('utf8')) : 0
  if (!Number.isInteger(start) || start < 0) throw invalidParameter('NextToken')
  const end = start + PAGE_SIZE
  return {
    items: items.slice(start, end),
    next: end < items.length ? Buffer.from(String(end)).toString('base64url') : undefined,
  }
}

export interface SnsCall {
  action: string
  params: URLSearchParams
  principal: Principal
  /** The region the request was signed for. */
  region: string
}

/**
 * The SNS API subset the product's monitoring uses (topics, HTTP/S subscriptions), plus Publish and ListTopics,
 * on topics per account and region. Every action is authorized as `sns:<Action>` on the topic like IAM does; a
 * topic in another account is refused (topic policies are not evaluated).
 */
export function handleSns(state: LocalAwsState, deliveries: SnsDeliveries, call: SnsCall): string {
  const { action, params, principal, region } = call
  if (params.has('Version') && params.get('Version') !== SNS_VERSION)
    throw new AwsError(
      400,
      'InvalidAction',
      `Could not find operation ${action} for version ${params.get('Version')}`,
    )
  const authorize = (resource: string) => {
    if (!isAllowed(principal, `sns:${action}`))
      throw accessDenied('sns', principal.arn, `sns:${action}`, resource)
  }
  const ownTopic = () => {
    const arn = params.get('TopicArn')
    authorize(arn ?? '*')
    const topic = findTopic(state, arn, region)
    if (topic.accountId !== principal.accountId)
      throw accessDenied('sns', principal.arn, `sns:${action}`, topic.arn)
    return topic
  }

  switch (action) {
    case 'CreateTopic': {
      const name = params.get('Name') ?? ''
      authorize(topicArn(region, principal.accountId, name))
      const topic = createTopic(state, {
        accountId: principal.accountId,
        region,
        name,
        attributes: Object.fromEntries(entries(params, 'Attributes', 'entry')),
        tags: entries(params, 'Tags', 'member').map(([Key, Value]) => ({ Key, Value })),
      })
      return snsResponse(action, `    ${element('TopicArn', topic.arn)}`)
    }
    case 'DeleteTopic':
      deleteTopic(state, ownTopic())
      return snsResponse(action)
    case 'GetTopicAttributes': {
      const attributes = Object.entries(topicAttributes(ownTopic()))
        .map(
          ([key, value]) =>
            `      <entry>\n        ${element('key', key)}\n        ${element('value', value)}\n      </entry>`,
        )
        .join('\n')
      return snsResponse(action, `    <Attributes>\n${attributes}\n    </Attributes>`)
    }
    case 'SetTopicAttributes': {
      const topic = ownTopic()
      const name = params.get('AttributeName') ?? ''
      const value = params.get('AttributeValue') ?? ''
      checkAttribute(name, value, false)
      if (value === '' && name !== 'DisplayName') delete topic.attributes[name]
      else topic.attributes[name] = value
      return snsResponse(action)
    }
    case 'Subscribe': {
      const topic = ownTopic()
      const { subscription } = subscribe(
        topic,
        params.get('Protocol') ?? '',
        params.get('Endpoint') ?? '',
        principal.accountId,
      )
      // A pending subscription gets its confirmation (again), as SNS resends it.
      if (!subscription.confirmed)
        deliveries.sendConfirmation(topic, subscription, 'SubscriptionConfirmation')
      const arn =
        subscription.confirmed || params.get('ReturnSubscriptionArn') === 'true'
          ? subscription.arn
          : 'pending confirmation'
      return snsResponse(action, `    ${element('SubscriptionArn', arn)}`)
    }
    case 'ConfirmSubscription': {
      authorize(params.get('TopicArn') ?? '*')
      findTopic(state, params.get('TopicArn'), region)
      const { subscription } = confirmSubscription(state, params.get('TopicArn'), params.get('Token'))
      return snsResponse(action, `    ${element('SubscriptionArn', subscription.arn)}`)
    }
    case 'Unsubscribe': {
      authorize(params.get('SubscriptionArn') ?? '*')
      const { topic, subscription } = findSubscription(state, params.get('SubscriptionArn'))
      if (topic.accountId !== principal.accountId)
        throw accessDenied('sns', principal.arn, `sns:${action}`, subscription.arn)
      unsubscribe(deliveries, topic, subscription)
      return snsResponse(action)
    }
    case 'ListSubscriptionsByTopic': {
      const topic = ownTopic()
      const { items, next } = page(Object.values(topic.subscriptions), params.get('NextToken'))
      return snsResponse(
        action,
        `    <Subscriptions>\n${items.map((item) => subscriptionMember(item, topic)).join('\n')}\n    </Subscriptions>${next ? `\n    ${element('NextToken', next)}` : ''}`,
      )
    }
    case 'ListTopics': {
      authorize(`arn:aws:sns:${region}:${principal.accountId}:*`)
      const topics = Object.values(state.snsTopics).filter(
        (topic) => topic.accountId === principal.accountId && topic.region === region,
      )
      const { items, next } = page(topics, params.get('NextToken'))
      return snsResponse(
        action,
        `    <Topics>\n${items.map((topic) => `      <member>\n        ${element('TopicArn', topic.arn)}\n      </member>`).join('\n')}\n    </Topics>${next ? `\n    ${element('NextToken', next)}` : ''}`,
      )
    }
    case 'Publish': {
      const topic = ownTopic()
      const message = params.get('Message') ?? ''
      if (!message) throw invalidParameter('Empty message')
      const subject = params.get('Subject') ?? undefined
      const messageId = deliveries.publish(topic, message, subject)
      return snsResponse(action, `    ${element('MessageId', messageId)}`)
    }
    default:
      throw new AwsError(
        400,
        'InvalidAction',
        /^[A-Z][A-Za-z]+$/.test(action)
          ? `${action} is not available in the local SNS stand-in yet.`
          : `Could not find operation ${action} for version ${SNS_VERSION}`,
      )
  }
}

/** What Unsubscribe (and the UnsubscribeURL) does: the subscription goes, its endpoint is told. */
export function unsubscribe(deliveries: SnsDeliveries, topic: SnsTopic, subscription: SnsSubscription): void {
  removeSubscription(topic, subscription)
  deliveries.sendConfirmation(topic, subscription, 'UnsubscribeConfirmation')
}

/**
 * The links in SNS's messages, which work without credentials like AWS's: `GET /?Action=ConfirmSubscription`
 * (the SubscribeURL) and `GET /?Action=Unsubscribe` (the UnsubscribeURL). Answers the action's XML.
 */
export function handleSnsLink(
  state: LocalAwsState,
  deliveries: SnsDeliveries,
  query: URLSearchParams,
): string {
  const action = query.get('Action') ?? ''
  if (action === 'ConfirmSubscription') {
    const { subscription } = confirmSubscription(state, query.get('TopicArn'), query.get('Token'))
    return snsResponse(action, `    ${element('SubscriptionArn', subscription.arn)}`)
  }
  if (action === 'Unsubscribe') {
    const { topic, subscription } = findSubscription(state, query.get('SubscriptionArn'))
    unsubscribe(deliveries, topic, subscription)
    return snsResponse(action)
  }
  throw new AwsError(400, 'InvalidAction', `Could not find operation ${action} for version ${SNS_VERSION}`)
}
