import type { EventType } from '../events/catalog'

/**
 * The domain events an organization's webhook endpoints may subscribe to, grouped as the dashboard shows them:
 * the catalog's own types (`events/catalog.ts`), never a second list. A webhook's body is the event itself, the
 * catalog's envelope (`id`, `type`, `occurredAt`, `organizationId`, `actor`, `payload`). The `message.*` types
 * (and contact changes made in bulk) are written only while an enabled endpoint wants them (see the catalog).
 */
export const WEBHOOK_EVENT_GROUPS = [
  {
    label: 'Contacts',
    types: [
      { type: 'contact.subscribed', label: 'Contact subscribed' },
      { type: 'contact.unsubscribed', label: 'Contact unsubscribed' },
      { type: 'contact.unsubscribed_from_campaign', label: 'Contact unsubscribed through a campaign' },
    ],
  },
  {
    label: 'Campaigns',
    types: [
      { type: 'campaign.sent', label: 'Campaign started (handed to the sending engine)' },
      { type: 'campaign.paused', label: 'Campaign paused' },
      { type: 'campaign.finished', label: 'Campaign sent (finished)' },
      { type: 'campaign.cancelled', label: 'Campaign cancelled' },
    ],
  },
  {
    label: 'Messages',
    types: [
      { type: 'message.delivered', label: 'Message delivered' },
      { type: 'message.opened', label: 'Message opened' },
      { type: 'message.clicked', label: 'Link clicked' },
      { type: 'message.bounced', label: 'Message bounced' },
      { type: 'message.complained', label: 'Complaint (marked as spam)' },
    ],
  },
  {
    label: 'Webhooks',
    types: [{ type: 'webhook_endpoint.disabled', label: 'A webhook endpoint was disabled' }],
  },
] as const satisfies readonly { label: string; types: readonly { type: EventType; label: string }[] }[]

export type WebhookEventType = (typeof WEBHOOK_EVENT_GROUPS)[number]['types'][number]['type']

export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_GROUPS.flatMap((group) =>
  group.types.map((entry) => entry.type),
) as [WebhookEventType, ...WebhookEventType[]]
