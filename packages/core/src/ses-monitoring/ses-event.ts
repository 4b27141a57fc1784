import type { SesEventType } from '@app/contracts'
import * as z from 'zod'

/** SES's `eventType` names (event publishing) → ours. */
const EVENT_TYPES: Record<string, SesEventType> = {
  Send: 'SEND',
  Delivery: 'DELIVERY',
  Bounce: 'BOUNCE',
  Complaint: 'COMPLAINT',
  Reject: 'REJECT',
  Open: 'OPEN',
  Click: 'CLICK',
  'Rendering Failure': 'RENDERING_FAILURE',
  DeliveryDelay: 'DELIVERY_DELAY',
}

const Recipients = z.array(z.object({ emailAddress: z.string() }).loose()).optional()

/** What we read of an SES event (the rest of the JSON is ignored). */
const SesEventSchema = z
  .object({
    eventType: z.string(),
    mail: z
      .object({
        timestamp: z.iso.datetime(),
        messageId: z.string().min(1).max(200),
        source: z.string().optional(),
        destination: z.array(z.string()).default([]),
        commonHeaders: z.object({ subject: z.string().optional() }).loose().optional(),
        tags: z.record(z.string(), z.array(z.string())).optional(),
      })
      .loose(),
    delivery: z
      .object({
        timestamp: z.string().optional(),
        smtpResponse: z.string().optional(),
        recipients: z.array(z.string()).optional(),
      })
      .loose()
      .optional(),
    bounce: z
      .object({
        timestamp: z.string().optional(),
        bounceType: z.string().optional(),
        bounceSubType: z.string().optional(),
        bouncedRecipients: z
          .array(z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional() }).loose())
          .optional(),
      })
      .loose()
      .optional(),
    complaint: z
      .object({
        timestamp: z.string().optional(),
        complaintFeedbackType: z.string().optional(),
        complainedRecipients: Recipients,
      })
      .loose()
      .optional(),
    reject: z.object({ reason: z.string().optional() }).loose().optional(),
    open: z
      .object({
        timestamp: z.string().optional(),
        userAgent: z.string().optional(),
        ipAddress: z.string().optional(),
      })
      .loose()
      .optional(),
    click: z.object({ timestamp: z.string().optional(), link: z.string().optional() }).loose().optional(),
    failure: z
      .object({ templateName: z.string().optional(), errorMessage: z.string().optional() })
      .loose()
      .optional(),
    deliveryDelay: z
      .object({
        timestamp: z.string().optional(),
        delayType: z.string().optional(),
        delayedRecipients: z
          .array(z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional() }).loose())
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose()

/** One SES event, reduced to what the log and the counters need. */
export interface SesEvent {
  type: SesEventType
  messageId: string
  /** When SES accepted the message (the log's order and the counters' hour). */
  sentAt: string
  /** When this event happened. */
  at: string
  from: string | null
  recipients: string[]
  subject: string | null
  template: string | null
  detail: string | null
  /** Bounces, complaints and deliveries: which recipients the event is about and how (audience marks them). */
  feedback?: SesFeedback
  /** A campaign's message: its `campaign` and `contact` tags (the sending engine's ledger item). */
  campaign?: CampaignTags
  /** A transactional message of ours (its `ses-studio: transactional` tag). */
  transactional?: boolean
  /** The opener's agent and address, the link, the bounce's kind: a campaign's report counts them. */
  engagement?: Engagement
}

export interface Engagement {
  open?: { userAgent: string | null; ipAddress: string | null }
  click?: { link: string }
  bounce?: { type: string; subType: string }
}

const FIELD_MAX = 2048
const field = (value: string | undefined) => (value ? value.slice(0, FIELD_MAX) : null)

function engagementOf(type: SesEventType, event: Parsed): Engagement | undefined {
  if (type === 'OPEN')
    return { open: { userAgent: field(event.open?.userAgent), ipAddress: field(event.open?.ipAddress) } }
  if (type === 'CLICK') return { click: { link: field(event.click?.link) ?? '' } }
  if (type === 'BOUNCE')
    return {
      bounce: {
        type: event.bounce?.bounceType ?? 'Undetermined',
        subType: event.bounce?.bounceSubType ?? 'Undetermined',
      },
    }
  return undefined
}

export interface CampaignTags {
  campaignId: string
  contactId: string
}

/** What the sending engine writes in a tag value (SES allows letters, digits, `_`, `-`, `.` and `@`). */
const TAG_VALUE = /^[A-Za-z0-9_.@-]{1,256}$/

/**
 * The campaign and contact a message was sent for, from its `campaign` and `contact` message tags; undefined
 * unless both are there, once each, and well-formed (anything else is not a campaign message of ours).
 */
export function campaignTags(tags: Record<string, string[]> | undefined): CampaignTags | undefined {
  const campaign = tags?.campaign
  const contact = tags?.contact
  if (campaign?.length !== 1 || contact?.length !== 1) return undefined
  const [campaignId = '', contactId = ''] = [campaign[0], contact[0]]
  if (!TAG_VALUE.test(campaignId) || !TAG_VALUE.test(contactId)) return undefined
  return { campaignId, contactId }
}

/**
 * What a bounce, complaint or delivery says about its recipients (bare, lower-case addresses). SES's bounce types:
 * `Permanent` (hard), `Transient` (soft) and `Undetermined` (SES could not tell; counted as soft).
 */
export interface SesFeedback {
  kind: 'permanent_bounce' | 'transient_bounce' | 'complaint' | 'delivery'
  recipients: string[]
  /** A complaint's feedback report type (`abuse`, …), when the mailbox provider sent one. */
  complaintType?: string | null
}

const DETAIL_MAX = 500
const clip = (text: string | undefined | null) =>
  text ? (text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text) : null

const validTime = (value: string | undefined, fallback: string) =>
  value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : fallback

type Parsed = z.infer<typeof SesEventSchema>

function detailOf(type: SesEventType, event: Parsed): string | null {
  switch (type) {
    case 'DELIVERY':
      return clip(event.delivery?.smtpResponse)
    case 'BOUNCE': {
      const bounce = event.bounce
      const who = (bounce?.bouncedRecipients ?? [])
        .map((r) => (r.diagnosticCode ? `${r.emailAddress}: ${r.diagnosticCode}` : r.emailAddress))
        .join('; ')
      const kind = [bounce?.bounceType, bounce?.bounceSubType].filter(Boolean).join(' / ')
      return clip([kind, who].filter(Boolean).join(' — '))
    }
    case 'COMPLAINT': {
      const complaint = event.complaint
      const who = (complaint?.complainedRecipients ?? []).map((r) => r.emailAddress).join(', ')
      return clip([complaint?.complaintFeedbackType, who].filter(Boolean).join(' — ') || 'Complaint')
    }
    case 'REJECT':
      return clip(event.reject?.reason)
    case 'OPEN':
      return clip(event.open?.userAgent)
    case 'CLICK':
      return clip(event.click?.link)
    case 'RENDERING_FAILURE':
      return clip(event.failure?.errorMessage)
    case 'DELIVERY_DELAY': {
      const delay = event.deliveryDelay
      const who = (delay?.delayedRecipients ?? [])
        .map((r) => (r.diagnosticCode ? `${r.emailAddress}: ${r.diagnosticCode}` : r.emailAddress))
        .join('; ')
      return clip([delay?.delayType, who].filter(Boolean).join(' — '))
    }
    default:
      return null
  }
}

function timeOf(type: SesEventType, event: Parsed, fallback: string): string {
  const stamp: Partial<Record<SesEventType, string | undefined>> = {
    DELIVERY: event.delivery?.timestamp,
    BOUNCE: event.bounce?.timestamp,
    COMPLAINT: event.complaint?.timestamp,
    OPEN: event.open?.timestamp,
    CLICK: event.click?.timestamp,
    DELIVERY_DELAY: event.deliveryDelay?.timestamp,
  }
  return validTime(stamp[type], fallback)
}

/** The bare, lower-case address of `Name <a@b>` or `a@b`. */
export const bareAddress = (address: string) =>
  (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase()

function feedbackOf(type: SesEventType, event: Parsed): SesFeedback | undefined {
  const bare = (list: { emailAddress: string }[] | undefined) =>
    (list ?? []).map((r) => bareAddress(r.emailAddress))
  if (type === 'BOUNCE') {
    const kind = event.bounce?.bounceType === 'Permanent' ? 'permanent_bounce' : 'transient_bounce'
    return { kind, recipients: bare(event.bounce?.bouncedRecipients) }
  }
  if (type === 'COMPLAINT')
    return {
      kind: 'complaint',
      recipients: bare(event.complaint?.complainedRecipients),
      complaintType: field(event.complaint?.complaintFeedbackType),
    }
  if (type === 'DELIVERY')
    return {
      kind: 'delivery',
      recipients: (event.delivery?.recipients ?? event.mail.destination).map(bareAddress),
    }
  return undefined
}

/**
 * Reads an SES event published to SNS (the notification's `Message`). Returns null for what the log does not
 * track (subscription events, unknown types) and for JSON that is not an SES event.
 */
export function parseSesEvent(message: string): SesEvent | null {
  let json: unknown
  try {
    json = JSON.parse(message)
  } catch {
    return null
  }
  const parsed = SesEventSchema.safeParse(json)
  if (!parsed.success) return null
  const event = parsed.data
  const type = EVENT_TYPES[event.eventType]
  if (!type) return null
  const sentAt = new Date(event.mail.timestamp).toISOString()
  const campaign = campaignTags(event.mail.tags)
  const engagement = engagementOf(type, event)
  return {
    type,
    messageId: event.mail.messageId,
    sentAt,
    at: timeOf(type, event, sentAt),
    from: event.mail.source ?? null,
    recipients: event.mail.destination.map(bareAddress),
    subject: event.mail.commonHeaders?.subject ?? null,
    template: event.mail.tags?.template?.[0] ?? event.failure?.templateName ?? null,
    detail: detailOf(type, event),
    feedback: feedbackOf(type, event),
    ...(campaign ? { campaign } : {}),
    transactional: event.mail.tags?.['ses-studio']?.[0] === 'transactional',
    ...(engagement ? { engagement } : {}),
  }
}
