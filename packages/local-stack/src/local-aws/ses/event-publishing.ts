import type { Principal } from '../iam'
import type { SnsDeliveries } from '../sns/deliveries'
import type { LocalAwsState, SentMail, SesAccountState } from '../state'
import {
  bounceDetail,
  complaintDetail,
  deliveryDetail,
  type Engagement,
  engagementDetail,
  eventRecord,
  mailObject,
  recipientOutcome,
  type SesEventType,
} from './event-records'
import { bareAddress, sendingIdentity } from './identities'
import { type Outgoing, object, outgoingMessages, renderedSubjects, strings, text } from './outgoing-messages'
import type { RenderingFailure } from './rendering'

type Json = Record<string, unknown>

/** How long after Send the Delivery (or Bounce) comes, and the Complaint after that. */
const DELIVERY_AFTER_MS = 200
const SENT_MAIL_KEPT = 1000

export interface EventPublishing {
  state: LocalAwsState
  deliveries: SnsDeliveries
  upstreamUrl: string
  log: (line: string) => void
}

export interface AcceptedSend {
  account: SesAccountState
  principal: Principal
  sourceIp: string
  operation: string
  /** The request as handled (a template by name has been replaced by its content). */
  input: Json
  answer: Json
  now: number
  /** Messages SES accepted and then dropped (template data lacking an attribute), by MessageId. */
  renderingFailures?: Map<string, RenderingFailure>
  /** The call's accepted messages when already described (`outgoingMessages`). */
  messages?: Outgoing[]
}

const callerIdentity = (principal: Principal) =>
  principal.kind === 'user' ? principal.user.name : principal.session.roleName

/**
 * SES event publishing after an accepted send from a customer account: when the call names a configuration set
 * (or the sending identity has a default one), each message's `mail` object is kept (for engagement later) and
 * its events go to the set's enabled SNS destinations — Send at once, then Delivery and/or Bounce, then
 * Complaint — in the background. A message dropped for its template data gets a Rendering Failure event only.
 */
export async function publishSendEvents(publishing: EventPublishing, send: AcceptedSend): Promise<void> {
  const { account, input } = send
  const from = text(input.FromEmailAddress) ?? ''
  const identity = from ? sendingIdentity(account, from) : undefined
  const setName = text(input.ConfigurationSetName) ?? identity?.configurationSetName
  const set = setName ? account.configurationSets[setName] : undefined
  if (!setName || !set) return
  const messages = send.messages ?? outgoingMessages(send.operation, input, send.answer)
  if (messages.length === 0) return
  const subjects = messages.some((message) => message.templated)
    ? await renderedSubjects(publishing.upstreamUrl, Math.floor(send.now / 1000) - 1)
    : new Map<string, string>()

  for (const message of messages) {
    const failure = send.renderingFailures?.get(message.messageId)
    const fromAddress = bareAddress(message.from)
    const sourceIdentity = sendingIdentity(account, message.from)?.name ?? fromAddress
    const mail = mailObject({
      timestamp: new Date(send.now).toISOString(),
      source: message.from,
      sourceArn:
        text(input.FromEmailAddressIdentityArn) ??
        `arn:aws:ses:${account.region}:${account.accountId}:identity/${sourceIdentity}`,
      sendingAccountId: account.accountId,
      messageId: message.messageId,
      destination: [...message.to, ...message.cc, ...message.bcc],
      headers: message.headers,
      from: message.from ? [message.from] : [],
      to: message.to,
      subject: failure ? undefined : (subjects.get(message.messageId) ?? message.subject),
      tags: {
        'ses:configuration-set': [setName],
        'ses:source-ip': [send.sourceIp],
        'ses:from-domain': [fromAddress.split('@')[1] ?? ''],
        'ses:caller-identity': [callerIdentity(send.principal)],
        ...Object.fromEntries(message.tags.map(([name, value]) => [name, [value]])),
      },
    })
    const sent: SentMail = { messageId: message.messageId, configurationSetName: setName, mail }
    if (failure) {
      publishing.deliveries.later(0, () =>
        publishEvent(publishing, account, sent, 'RENDERING_FAILURE', { ...failure }),
      )
      continue
    }
    account.sentMail = [...(account.sentMail ?? []), sent].slice(-SENT_MAIL_KEPT)
    scheduleEvents(publishing, account, sent, send.now)
  }
}

function scheduleEvents(
  publishing: EventPublishing,
  account: SesAccountState,
  sent: SentMail,
  sentAt: number,
) {
  const set = account.configurationSets[sent.configurationSetName]
  const delivered: string[] = []
  const complained: string[] = []
  const bounced = new Map<'General' | 'OnAccountSuppressionList', string[]>()
  for (const address of (sent.mail.destination as string[]).map(bareAddress)) {
    const outcome = recipientOutcome(account, set, address)
    if (outcome.kind === 'bounced')
      bounced.set(outcome.subType, [...(bounced.get(outcome.subType) ?? []), address])
    else {
      delivered.push(address)
      if (outcome.complaint) complained.push(address)
    }
  }
  const { deliveries } = publishing
  deliveries.later(0, () => publishEvent(publishing, account, sent, 'SEND', {}))
  deliveries.later(DELIVERY_AFTER_MS, () => {
    const at = Date.now()
    if (delivered.length)
      publishEvent(publishing, account, sent, 'DELIVERY', deliveryDetail(delivered, sentAt, at))
    for (const [subType, recipients] of bounced)
      publishEvent(publishing, account, sent, 'BOUNCE', bounceDetail(recipients, subType, at))
  })
  if (complained.length)
    deliveries.later(2 * DELIVERY_AFTER_MS, () =>
      publishEvent(publishing, account, sent, 'COMPLAINT', complaintDetail(complained, Date.now())),
    )
}

/** One event to every enabled SNS destination of the message's configuration set that matches its type. */
function publishEvent(
  publishing: EventPublishing,
  account: SesAccountState,
  sent: SentMail,
  type: SesEventType,
  detail: Json,
): number {
  const set = account.configurationSets[sent.configurationSetName]
  let published = 0
  for (const destination of Object.values(set?.eventDestinations ?? {})) {
    const topicArn = text(object(destination.SnsDestination).TopicArn)
    if (destination.Enabled !== true || !topicArn) continue
    if (!strings(destination.MatchingEventTypes).includes(type)) continue
    const topic = publishing.state.snsTopics[topicArn]
    if (!topic) {
      publishing.log(
        `local SES: event destination ${String(destination.Name)}'s topic ${topicArn} does not exist`,
      )
      continue
    }
    publishing.deliveries.publish(topic, JSON.stringify(eventRecord(type, sent.mail, detail)))
    published += 1
  }
  return published
}

/**
 * A recipient opening the message or clicking a link in it (`POST /_local-aws/ses/engagement`): its Open or
 * Click event goes to the destinations. Undefined for a message the stand-in did not keep.
 */
export function publishEngagement(
  publishing: EventPublishing,
  messageId: string,
  engagement: Engagement,
): { messageId: string; eventType: string; topics: number } | undefined {
  for (const account of Object.values(publishing.state.ses)) {
    const sent = account.sentMail?.find((item) => item.messageId === messageId)
    if (!sent) continue
    const topics = publishEvent(
      publishing,
      account,
      sent,
      engagement.type,
      engagementDetail(engagement, Date.now()),
    )
    return { messageId, eventType: engagement.type === 'OPEN' ? 'Open' : 'Click', topics }
  }
  return undefined
}
