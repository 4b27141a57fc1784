import { createHash } from 'node:crypto'

/**
 * What the report counts (issue 19): an SES event of a campaign's message, routed by its `campaign` and `contact`
 * tags, or an unsubscribe through the campaign's signed link.
 */
export type EngagementType =
  | 'SEND'
  | 'DELIVERY'
  | 'OPEN'
  | 'CLICK'
  | 'BOUNCE'
  | 'COMPLAINT'
  | 'REJECT'
  | 'DELIVERY_DELAY'
  | 'RENDERING_FAILURE'
  | 'UNSUBSCRIBE'

export interface EngagementEvent {
  orgId: string
  campaignId: string
  contactId: string
  type: EngagementType
  /** SES's message id (empty for an unsubscribe). */
  sesMessageId: string
  /** When it happened (the event's own timestamp). */
  at: string
  /** When SES accepted the message (`mail.timestamp`): decides the timeline's hour or day bucket. */
  sentAt: string
  open?: { userAgent: string | null; ipAddress: string | null }
  click?: { link: string }
  bounce?: { type: string; subType: string }
}

/**
 * An event's identity, stable across SNS redeliveries and SES republishing: the message, the type and the event's
 * own fields (its timestamp, the link, the opener's address and agent, the bounce's kind). An unsubscribe is one
 * per recipient and campaign.
 */
export function eventIdentity(event: EngagementEvent): string {
  const parts =
    event.type === 'UNSUBSCRIBE'
      ? ['UNSUBSCRIBE', event.campaignId, event.contactId]
      : [
          event.sesMessageId,
          event.type,
          event.at,
          event.click?.link ?? '',
          event.open?.ipAddress ?? '',
          event.open?.userAgent ?? '',
          event.bounce ? `${event.bounce.type}/${event.bounce.subType}` : '',
        ]
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32)
}

/** A link's short stable name (its counters' key and the recipient's set of clicked links). */
export const linkHash = (link: string) => createHash('sha256').update(link).digest('base64url').slice(0, 16)

/** The longest link kept (longer ones are cut: the counters group them by this prefix). */
export const LINK_MAX = 2048

/**
 * Apple Mail Privacy Protection fetches every image of a message through Apple's proxies on arrival, from Apple's
 * 17.0.0.0/8 block, with a bare `Mozilla/5.0` agent; mail security scanners (link and image pre-fetchers) name
 * themselves in their agent. Such an open says nothing about the reader. Gmail's, Yahoo's and Outlook's image
 * proxies fetch when the reader opens the message: they stay human opens.
 */
const MACHINE_AGENTS =
  /^mozilla\/5\.0$|barracuda|mimecast|proofpoint|symantec|messagelabs|trendmicro|fireeye|bot\b|crawler|spider|preview|scanner/i

export function isMachineOpen(open: { userAgent: string | null; ipAddress: string | null }): boolean {
  const agent = open.userAgent?.trim() ?? ''
  if (agent === '' || MACHINE_AGENTS.test(agent)) return true
  const ip = open.ipAddress?.trim() ?? ''
  return /^17\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip)
}

/** Events within this long of their message's send go to hour buckets, later ones to day buckets. */
export const HOURLY_SPAN_MS = 48 * 3_600_000

/** The timeline bucket of an event: `H2026112514` (an hour, UTC) or, 48 h after the send, `D20261125`. */
export function bucketOf(at: string, sentAt: string): string {
  const compact = at.replace(/[-:T]/g, '')
  return Date.parse(at) - Date.parse(sentAt) < HOURLY_SPAN_MS
    ? `H${compact.slice(0, 10)}`
    : `D${compact.slice(0, 8)}`
}
