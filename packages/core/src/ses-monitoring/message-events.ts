import type { SesEventType } from '@app/contracts'
import type { DomainEvent } from '../events/catalog'
import { newEvent } from '../events/outbox'
import { wantsEvent } from '../webhooks/wanted'
import type { SesEvent } from './ses-event'

/** The SES events reported to webhooks, by the catalog's `message.*` type. */
const MESSAGE_EVENT_TYPES = {
  DELIVERY: 'message.delivered',
  OPEN: 'message.opened',
  CLICK: 'message.clicked',
  BOUNCE: 'message.bounced',
  COMPLAINT: 'message.complained',
} as const satisfies Partial<Record<SesEventType, DomainEvent['type']>>

type Reported = keyof typeof MESSAGE_EVENT_TYPES
const isReported = (type: SesEventType): type is Reported => type in MESSAGE_EVENT_TYPES

/** SES, through the monitoring topic: who the `message.*` events name as their actor. */
const SES_EVENTS = { type: 'system', name: 'ses-monitoring.events' } as const

/**
 * The `message.*` event an SES event makes, to be written in the transaction that records the SES event once
 * (`recordEvent`): only for a campaign's or a transactional message of ours, and only while the organization has
 * an enabled webhook endpoint wanting the type — the only reader of these events, and a big campaign's are
 * millions. Null: nothing to write.
 */
export async function messageEventOf(
  orgId: string,
  awsAccountId: string,
  event: SesEvent,
): Promise<DomainEvent | null> {
  if (!isReported(event.type) || (!event.campaign && !event.transactional)) return null
  const type = MESSAGE_EVENT_TYPES[event.type]
  if (!(await wantsEvent(orgId, type))) return null
  const base = {
    messageId: event.messageId,
    campaignId: event.campaign?.campaignId ?? null,
    transactional: !event.campaign,
    contactId: event.campaign?.contactId ?? null,
    email: event.feedback?.recipients[0] ?? event.recipients[0] ?? '',
    awsAccountId,
    sentAt: event.sentAt,
    detail: event.detail,
  }
  const at = new Date(event.at)
  const { open, click, bounce } = event.engagement ?? {}
  switch (event.type) {
    case 'DELIVERY':
      return newEvent('message.delivered', orgId, base, SES_EVENTS, at)
    case 'OPEN':
      return newEvent(
        'message.opened',
        orgId,
        { ...base, userAgent: open?.userAgent ?? null, ipAddress: open?.ipAddress ?? null },
        SES_EVENTS,
        at,
      )
    case 'CLICK':
      return newEvent('message.clicked', orgId, { ...base, link: click?.link ?? '' }, SES_EVENTS, at)
    case 'BOUNCE':
      return newEvent(
        'message.bounced',
        orgId,
        {
          ...base,
          bounceType: bounce?.type ?? 'Undetermined',
          bounceSubType: bounce?.subType ?? 'Undetermined',
        },
        SES_EVENTS,
        at,
      )
    case 'COMPLAINT':
      return newEvent(
        'message.complained',
        orgId,
        { ...base, complaintType: event.feedback?.complaintType ?? null },
        SES_EVENTS,
        at,
      )
  }
}
