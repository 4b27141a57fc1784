import { randomUUID } from 'node:crypto'
import type { ConfigurationSet, SesAccountState } from '../state'
import { bareAddress, isSimulatorAddress } from './identities'

/** The event types of `MatchingEventTypes`, and how SES names each in `eventType` and its detail object. */
export const SES_EVENTS = {
  SEND: { eventType: 'Send', detail: 'send' },
  REJECT: { eventType: 'Reject', detail: 'reject' },
  BOUNCE: { eventType: 'Bounce', detail: 'bounce' },
  COMPLAINT: { eventType: 'Complaint', detail: 'complaint' },
  DELIVERY: { eventType: 'Delivery', detail: 'delivery' },
  OPEN: { eventType: 'Open', detail: 'open' },
  CLICK: { eventType: 'Click', detail: 'click' },
  RENDERING_FAILURE: { eventType: 'Rendering Failure', detail: 'failure' },
  DELIVERY_DELAY: { eventType: 'DeliveryDelay', detail: 'deliveryDelay' },
} as const
export type SesEventType = keyof typeof SES_EVENTS

type Json = Record<string, unknown>

/** An event record as SES publishes it to SNS: `eventType`, the type's own object, then `mail`. */
export function eventRecord(type: SesEventType, mail: Json, detail: Json): Json {
  const { eventType, detail: key } = SES_EVENTS[type]
  return { eventType, [key]: detail, mail }
}

export interface MailFacts {
  timestamp: string
  source: string
  sourceArn: string
  sendingAccountId: string
  messageId: string
  /** Every envelope recipient (To, Cc and Bcc). */
  destination: string[]
  headers: { name: string; value: string }[]
  from: string[]
  to: string[]
  subject?: string
  tags: Record<string, string[]>
}

/** The `mail` object of every event record of one message. */
export function mailObject(facts: MailFacts): Json {
  return {
    timestamp: facts.timestamp,
    source: facts.source,
    sourceArn: facts.sourceArn,
    sendingAccountId: facts.sendingAccountId,
    messageId: facts.messageId,
    destination: facts.destination,
    headersTruncated: false,
    headers: facts.headers,
    commonHeaders: {
      from: facts.from,
      to: facts.to,
      messageId: facts.messageId,
      ...(facts.subject === undefined ? {} : { subject: facts.subject }),
    },
    tags: facts.tags,
  }
}

export type RecipientOutcome =
  | { kind: 'delivered'; complaint: boolean }
  | { kind: 'bounced'; subType: 'General' | 'OnAccountSuppressionList' }

const SUPPRESSED_DIAGNOSTIC =
  'Amazon SES did not send the message to this address because it is on the suppression list for your account. For more information about removing addresses from the suppression list, see the Amazon SES Developer Guide at https://docs.aws.amazon.com/ses/latest/DeveloperGuide/sending-email-suppression-list.html'

/**
 * What happens to one recipient: the mailbox simulator's addresses (`bounce@`, `complaint@`, `ooto@`,
 * `suppressionlist@`, `success@`, with or without a `+label`) act like SES's; an address on the account's
 * suppression list (for the reasons the configuration set, else the account, suppresses) bounces with
 * `OnAccountSuppressionList`; everyone else is delivered.
 */
export function recipientOutcome(
  account: SesAccountState,
  set: ConfigurationSet | undefined,
  address: string,
): RecipientOutcome {
  const bare = bareAddress(address).toLowerCase()
  if (isSimulatorAddress(bare)) {
    const mailbox = (bare.split('@')[0] ?? '').split('+')[0]
    if (mailbox === 'bounce') return { kind: 'bounced', subType: 'General' }
    if (mailbox === 'suppressionlist') return { kind: 'bounced', subType: 'OnAccountSuppressionList' }
    return { kind: 'delivered', complaint: mailbox === 'complaint' }
  }
  const suppressed = account.suppressed[bare]
  const options = set?.options.SuppressionOptions as { SuppressedReasons?: unknown } | undefined
  const reasons = Array.isArray(options?.SuppressedReasons)
    ? options.SuppressedReasons
    : ['BOUNCE', 'COMPLAINT']
  if (suppressed && reasons.includes(suppressed.reason))
    return { kind: 'bounced', subType: 'OnAccountSuppressionList' }
  return { kind: 'delivered', complaint: false }
}

/** A feedback id shaped like SES's (`0100018f…-<uuid>-000000`). */
const feedbackId = (at: number) => `${at.toString(16).padStart(16, '0')}-${randomUUID()}-000000`
const REPORTING_MTA = 'local.smtp-out.amazonses.com'

export function deliveryDetail(recipients: string[], sentAt: number, at: number): Json {
  return {
    timestamp: new Date(at).toISOString(),
    processingTimeMillis: at - sentAt,
    recipients,
    smtpResponse: '250 2.6.0 Message received',
    reportingMTA: REPORTING_MTA,
  }
}

export function bounceDetail(
  recipients: string[],
  subType: 'General' | 'OnAccountSuppressionList',
  at: number,
): Json {
  const suppressed = subType === 'OnAccountSuppressionList'
  return {
    bounceType: 'Permanent',
    bounceSubType: subType,
    bouncedRecipients: recipients.map((emailAddress) => ({
      emailAddress,
      action: 'failed',
      status: '5.1.1',
      diagnosticCode: suppressed ? SUPPRESSED_DIAGNOSTIC : 'smtp; 550 5.1.1 user unknown',
    })),
    timestamp: new Date(at).toISOString(),
    feedbackId: feedbackId(at),
    reportingMTA: suppressed ? 'dns; amazonses.com' : `dsn; ${REPORTING_MTA}`,
  }
}

export function complaintDetail(recipients: string[], at: number): Json {
  const timestamp = new Date(at).toISOString()
  return {
    complainedRecipients: recipients.map((emailAddress) => ({ emailAddress })),
    timestamp,
    feedbackId: feedbackId(at),
    userAgent: 'Amazon SES Mailbox Simulator',
    complaintFeedbackType: 'abuse',
    arrivalDate: timestamp,
  }
}

export interface Engagement {
  type: 'OPEN' | 'CLICK'
  link?: string
  linkTags?: Record<string, string[]>
  userAgent?: string
  ipAddress?: string
}

const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'

export function engagementDetail(engagement: Engagement, at: number): Json {
  const common = {
    timestamp: new Date(at).toISOString(),
    userAgent: engagement.userAgent ?? DEFAULT_USER_AGENT,
    ipAddress: engagement.ipAddress ?? '192.0.2.1',
  }
  if (engagement.type === 'OPEN') return common
  return {
    ...common,
    link: engagement.link ?? 'https://example.com/',
    ...(engagement.linkTags ? { linkTags: engagement.linkTags } : {}),
  }
}
