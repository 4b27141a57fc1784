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

type Json = Record<string, unknown>
type Header = { name: string; value: string }

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
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
const object = (value: unknown) => (value && typeof value === 'object' ? (value as Json) : {})

interface Outgoing {
  messageId: string
  from: string
  to: string[]
  cc: string[]
  bcc: string[]
  subject?: string
  /** Rendered by aws-ses-v2-local: its subject is read back from the mailbox. */
  templated: boolean
  headers: Header[]
  tags: [string, string][]
}

function requestHeaders(value: unknown): Header[] {
  return (Array.isArray(value) ? value : [])
    .map(object)
    .filter((header) => typeof header.Name === 'string' && typeof header.Value === 'string')
    .map((header) => ({ name: header.Name as string, value: header.Value as string }))
}

const contentType = (html: unknown, body: unknown) =>
  typeof html === 'string' && typeof body === 'string'
    ? 'multipart/alternative; boundary="----=_Part_local_aws"'
    : `text/${typeof html === 'string' ? 'html' : 'plain'}; charset=UTF-8`

/** A raw message's headers, unfolded (Bcc left out, as the delivered message has none). */
function rawHeaders(raw: string): Header[] {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ')
  return head
    .split(/\r?\n/)
    .map((line) => /^([!-9;-~]+):[ \t]*(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && match[1]?.toLowerCase() !== 'bcc')
    .map((match) => ({ name: match[1] as string, value: (match[2] ?? '').trim() }))
}

const splitAddresses = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function describe(
  messageId: string,
  input: Json,
  content: Json,
  destination: Json,
  extraHeaders: Header[],
  tags: [string, string][],
): Outgoing {
  const replyTo = strings(input.ReplyToAddresses)
  let to = strings(destination.ToAddresses)
  let cc = strings(destination.CcAddresses)
  const bcc = strings(destination.BccAddresses)
  let from = text(input.FromEmailAddress) ?? ''
  const raw = text(object(content.Raw).Data)
  if (raw !== undefined) {
    const headers = rawHeaders(Buffer.from(raw, 'base64').toString('utf8'))
    const header = (name: string) => headers.find((item) => item.name.toLowerCase() === name)?.value
    from ||= header('from') ?? ''
    if (to.length + cc.length + bcc.length === 0) {
      to = splitAddresses(header('to'))
      cc = splitAddresses(header('cc'))
    }
    return { messageId, from, to, cc, bcc, subject: header('subject'), templated: false, headers, tags }
  }
  const simple = object(content.Simple)
  const template = object(content.Template)
  const parts = content.Simple
    ? {
        subject: text(object(simple.Subject).Data),
        html: object(object(simple.Body).Html).Data,
        body: object(object(simple.Body).Text).Data,
      }
    : {
        subject: text(object(template.TemplateContent).Subject),
        html: object(template.TemplateContent).Html,
        body: object(template.TemplateContent).Text,
      }
  const headers: Header[] = [
    { name: 'From', value: from },
    ...(replyTo.length ? [{ name: 'Reply-To', value: replyTo.join(', ') }] : []),
    { name: 'To', value: to.join(', ') },
    ...(cc.length ? [{ name: 'Cc', value: cc.join(', ') }] : []),
    ...(parts.subject === undefined ? [] : [{ name: 'Subject', value: parts.subject }]),
    { name: 'MIME-Version', value: '1.0' },
    { name: 'Content-Type', value: contentType(parts.html, parts.body) },
    ...requestHeaders(content.Simple ? simple.Headers : template.Headers),
    ...extraHeaders,
  ]
  return {
    messageId,
    from,
    to,
    cc,
    bcc,
    subject: parts.subject,
    templated: !content.Simple,
    headers,
    tags,
  }
}

const emailTags = (value: unknown): [string, string][] =>
  (Array.isArray(value) ? value : [])
    .map(object)
    .filter((tag) => typeof tag.Name === 'string' && typeof tag.Value === 'string')
    .map((tag) => [tag.Name as string, tag.Value as string])

/** Each accepted message of a SendEmail / SendBulkEmail call, with its MessageId from the answer. */
function outgoingMessages(send: AcceptedSend): Outgoing[] {
  const { input, answer } = send
  if (send.operation === 'SendEmail') {
    const messageId = text(answer.MessageId)
    if (!messageId) return []
    return [
      describe(
        messageId,
        input,
        object(input.Content),
        object(input.Destination),
        [],
        emailTags(input.EmailTags),
      ),
    ]
  }
  const entries = Array.isArray(input.BulkEmailEntries) ? input.BulkEmailEntries.map(object) : []
  const results = Array.isArray(answer.BulkEmailEntryResults) ? answer.BulkEmailEntryResults.map(object) : []
  return entries.flatMap((entry, index) => {
    const result = results[index]
    const messageId = text(result?.MessageId)
    if (result?.Status !== 'SUCCESS' || !messageId) return []
    const tags = new Map([...emailTags(input.DefaultEmailTags), ...emailTags(entry.ReplacementTags)])
    const replaced = new Set(requestHeaders(entry.ReplacementHeaders).map((header) => header.name))
    const content = object(input.DefaultContent)
    const template = object(content.Template)
    return [
      describe(
        messageId,
        input,
        {
          Template: {
            ...template,
            Headers: requestHeaders(template.Headers)
              .filter((header) => !replaced.has(header.name))
              .map((header) => ({ Name: header.name, Value: header.value })),
          },
        },
        object(entry.Destination),
        requestHeaders(entry.ReplacementHeaders),
        [...tags],
      ),
    ]
  })
}

/** The subjects aws-ses-v2-local rendered, by message id (its mailbox keeps them). */
async function renderedSubjects(upstreamUrl: string, since: number): Promise<Map<string, string>> {
  try {
    const response = await fetch(`${upstreamUrl}/store?since=${since}`)
    const { emails } = (await response.json()) as { emails?: { messageId?: string; subject?: string }[] }
    return new Map(
      (emails ?? [])
        .filter((mail) => typeof mail.messageId === 'string' && typeof mail.subject === 'string')
        .map((mail) => [mail.messageId as string, mail.subject as string]),
    )
  } catch {
    return new Map()
  }
}

const callerIdentity = (principal: Principal) =>
  principal.kind === 'user' ? principal.user.name : principal.session.roleName

/**
 * SES event publishing after an accepted send from a customer account: when the call names a configuration set
 * (or the sending identity has a default one), each message's `mail` object is kept (for engagement later) and
 * its events go to the set's enabled SNS destinations — Send at once, then Delivery and/or Bounce, then
 * Complaint — in the background.
 */
export async function publishSendEvents(publishing: EventPublishing, send: AcceptedSend): Promise<void> {
  const { account, input } = send
  const from = text(input.FromEmailAddress) ?? ''
  const identity = from ? sendingIdentity(account, from) : undefined
  const setName = text(input.ConfigurationSetName) ?? identity?.configurationSetName
  const set = setName ? account.configurationSets[setName] : undefined
  if (!setName || !set) return
  const messages = outgoingMessages(send)
  if (messages.length === 0) return
  const subjects = messages.some((message) => message.templated)
    ? await renderedSubjects(publishing.upstreamUrl, Math.floor(send.now / 1000) - 1)
    : new Map<string, string>()

  for (const message of messages) {
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
      subject: subjects.get(message.messageId) ?? message.subject,
      tags: {
        'ses:configuration-set': [setName],
        'ses:source-ip': [send.sourceIp],
        'ses:from-domain': [fromAddress.split('@')[1] ?? ''],
        'ses:caller-identity': [callerIdentity(send.principal)],
        ...Object.fromEntries(message.tags.map(([name, value]) => [name, [value]])),
      },
    })
    const sent: SentMail = { messageId: message.messageId, configurationSetName: setName, mail }
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
