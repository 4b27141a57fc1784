import type { EventType } from '../events/catalog'

/**
 * The domain events an organization's webhook endpoints may subscribe to, grouped as the dashboard shows them:
 * the catalog's own types (`events/catalog.ts`), never a second list. A webhook's body is the event itself, the
 * catalog's envelope (`id`, `type`, `occurredAt`, `organizationId`, `actor`, `payload`).
 */
export const WEBHOOK_EVENT_GROUPS = [
  {
    label: 'Campaigns',
    types: [
      { type: 'campaign.sent', label: 'Campaign started (handed to the sending engine)' },
      { type: 'campaign.paused', label: 'Campaign paused' },
      { type: 'campaign.cancelled', label: 'Campaign cancelled' },
    ],
  },
  {
    label: 'Contacts',
    types: [{ type: 'contact.unsubscribed_from_campaign', label: 'Contact unsubscribed through a campaign' }],
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
