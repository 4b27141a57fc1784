import {
  LIVE_SUBSCRIPTION_STATUSES,
  type Plan,
  PlanSchema,
  type SubscriptionStatus,
  SubscriptionStatusSchema,
  type SubscriptionSummary,
} from '@app/contracts'
import { newEvent, outboxPut } from '../events/outbox'
import type { Logger } from '../log'
import * as Repo from './billing.repo'
import { type Stripe, stripe } from './stripe-client'

/** Our plan for a Stripe price: its lookup key (set by the price sync), or `metadata.plan` as a fallback. */
export function planOfPrice(price: Stripe.Price): Plan | null {
  const byKey = PlanSchema.safeParse(price.lookup_key)
  if (byKey.success) return byKey.data
  const byMetadata = PlanSchema.safeParse(price.metadata?.plan)
  return byMetadata.success ? byMetadata.data : null
}

export function statusOf(subscription: Stripe.Subscription): SubscriptionStatus {
  const parsed = SubscriptionStatusSchema.safeParse(subscription.status)
  return parsed.success ? parsed.data : 'incomplete'
}

export function isLive(status: SubscriptionStatus): boolean {
  return LIVE_SUBSCRIPTION_STATUSES.includes(status)
}

/**
 * The subscription that decides the organization's plan: the newest one that grants its plan, else the newest
 * of all. Deciding from every subscription of the customer (not from the event at hand) is what makes
 * duplicate and out-of-order deliveries converge on the same state.
 */
export function currentSubscription(
  subscriptions: readonly Stripe.Subscription[],
): Stripe.Subscription | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created || b.id.localeCompare(a.id))
  return newestFirst.find((subscription) => isLive(statusOf(subscription))) ?? newestFirst[0] ?? null
}

export async function listSubscriptions(customerId: string): Promise<Stripe.Subscription[]> {
  const client = await stripe()
  const all: Stripe.Subscription[] = []
  for await (const subscription of client.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 100,
  })) {
    all.push(subscription)
  }
  return all
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null)

export function summarize(subscription: Stripe.Subscription): SubscriptionSummary | null {
  const item = subscription.items.data[0]
  const plan = item ? planOfPrice(item.price) : null
  if (!item || !plan) return null
  return {
    plan,
    status: statusOf(subscription),
    currentPeriodEnd: iso(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  }
}

/** Who changes a plan through Stripe: its signed webhook, on the customer's checkout or portal change. */
const STRIPE = { type: 'system', name: 'billing.stripe' } as const

/**
 * Re-reads a customer's subscriptions from Stripe and sets the organization's plan and status from them.
 * Safe to run any number of times, in any order, concurrently: each run writes what Stripe said at its read,
 * and an older read never overwrites a newer one.
 */
export async function syncCustomer(customerId: string, log?: Logger): Promise<void> {
  const client = await stripe()
  const customer = await client.customers.retrieve(customerId)
  const orgId = customer.deleted ? undefined : customer.metadata?.organizationId
  if (!orgId) {
    log?.warn('billing.customer_without_organization', { customerId })
    return
  }
  const readAt = new Date().toISOString()
  const subscription = currentSubscription(await listSubscriptions(customerId))
  if (!subscription) return
  const summary = summarize(subscription)
  if (!summary) {
    log?.error('billing.unknown_price', { customerId, subscriptionId: subscription.id })
    return
  }
  const written = await Repo.writeSubscriptionState(
    orgId,
    {
      customerId,
      subscriptionId: subscription.id,
      plan: summary.plan,
      status: summary.status,
      readAt,
      live: isLive(summary.status),
    },
    (from) => [
      outboxPut(newEvent('plan.changed', orgId, { from, to: summary.plan, status: summary.status }, STRIPE)),
    ],
  )
  log?.info('billing.synced', { orgId, plan: summary.plan, status: summary.status, written })
}

/**
 * Ends every subscription of a deleted organization's Stripe customer, at once and without proration, so nobody
 * is charged for an organization that no longer exists. Safe to repeat (ended ones are skipped).
 */
export async function cancelCustomerSubscriptions(customerId: string): Promise<void> {
  const client = await stripe()
  for (const subscription of await listSubscriptions(customerId)) {
    if (['canceled', 'incomplete_expired'].includes(subscription.status)) continue
    await client.subscriptions.cancel(subscription.id, { prorate: false })
  }
}
