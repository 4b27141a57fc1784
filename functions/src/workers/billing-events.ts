import { billingSubscribers } from '@app/core/billing/public'
import { subscriberWorker } from './subscriber-worker'

/** Billing's domain-event subscribers (Stripe): a deleted organization's subscriptions cancelled. */
export const handler = subscriberWorker(
  { name: 'billingEvents', subscribers: billingSubscribers },
  'billing-events',
)
