import type Stripe from 'stripe'
import { nowSeconds } from './clock'
import type { StandInContext } from './context'
import { changedAttributes } from './events'
import { lineDescription } from './format'
import { customerSnapshot, newSubscriptionInvoice } from './objects/invoices'
import { planOfPrice } from './objects/prices'
import { firstItem, newSubscription, periodFrom } from './objects/subscriptions'

export type PaymentOutcome = 'paid' | 'declined'

/** Days Stripe's default retry schedule waits before the next attempt at a failed renewal. */
const RETRY_AFTER_SECONDS = 3 * 24 * 60 * 60

function customerOf(context: StandInContext, subscription: Stripe.Subscription): Stripe.Customer {
  const id = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id
  return context.store.get('customers', id, 'customer')
}

export function taxIdsOf(context: StandInContext, customer: string): Stripe.TaxId[] {
  return Object.values(context.store.state.taxIds).filter((taxId) => taxId.customer === customer)
}

/** A draft invoice for the subscription's current period, stored and set as its latest invoice. */
function draftInvoice(
  context: StandInContext,
  subscription: Stripe.Subscription,
  billingReason: Stripe.Invoice.BillingReason,
): Stripe.Invoice {
  const item = firstItem(subscription)
  const invoice = newSubscriptionInvoice({
    customer: customerOf(context, subscription),
    subscription,
    item,
    description: lineDescription(context.store, item.price, item.quantity ?? 1),
    billingReason,
    publicUrl: context.publicUrl,
  })
  subscription.latest_invoice = invoice.id
  return context.store.put('invoices', invoice.id, invoice)
}

/** invoice.created → finalized → paid + payment_succeeded, or → payment_failed (left open). */
export function settleInvoice(
  context: StandInContext,
  invoice: Stripe.Invoice,
  outcome: PaymentOutcome,
): void {
  const { emit, store, publicUrl } = context
  emit('invoice.created', invoice)

  const customer = store.get('customers', invoice.customer as string, 'customer')
  const now = nowSeconds()
  Object.assign(invoice, customerSnapshot(customer, taxIdsOf(context, customer.id)), {
    number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence ?? 1).padStart(4, '0')}`,
    status: 'open',
    effective_at: now,
    hosted_invoice_url: `${publicUrl}/invoices/${invoice.id}`,
    invoice_pdf: `${publicUrl}/invoices/${invoice.id}/pdf`,
  } satisfies Partial<Stripe.Invoice>)
  invoice.status_transitions.finalized_at = now
  customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1
  emit('invoice.finalized', invoice)

  attemptPayment(context, invoice, outcome)
}

function attemptPayment(context: StandInContext, invoice: Stripe.Invoice, outcome: PaymentOutcome): void {
  const now = nowSeconds()
  invoice.attempted = true
  invoice.attempt_count += 1
  if (outcome === 'paid') {
    invoice.status = 'paid'
    invoice.amount_paid = invoice.amount_due
    invoice.amount_remaining = 0
    invoice.next_payment_attempt = null
    invoice.status_transitions.paid_at = now
    context.emit('invoice.paid', invoice)
    context.emit('invoice.payment_succeeded', invoice)
  } else {
    invoice.next_payment_attempt = now + RETRY_AFTER_SECONDS
    context.emit('invoice.payment_failed', invoice)
  }
  context.store.save()
}

/**
 * Pays an open invoice (the hosted invoice page's button); a past-due subscription whose latest invoice this is
 * becomes active again.
 */
export function payOpenInvoice(context: StandInContext, invoice: Stripe.Invoice): void {
  if (invoice.status !== 'open') return
  attemptPayment(context, invoice, 'paid')
  const subscriptionId = invoice.parent?.subscription_details?.subscription
  const subscription =
    typeof subscriptionId === 'string' ? context.store.find('subscriptions', subscriptionId) : undefined
  if (subscription?.status === 'past_due' && subscription.latest_invoice === invoice.id)
    updateSubscription(context, subscription, (current) => {
      current.status = 'active'
    })
}

/** A new active subscription with its first paid invoice: customer.subscription.created, then invoice.*. */
export function startSubscription(
  context: StandInContext,
  fields: { customer: string; price: Stripe.Price; quantity: number; metadata: Record<string, string> },
): Stripe.Subscription {
  const subscription = newSubscription({ ...fields, description: null })
  context.store.put('subscriptions', subscription.id, subscription)
  const invoice = draftInvoice(context, subscription, 'subscription_create')
  context.emit('customer.subscription.created', subscription)
  settleInvoice(context, invoice, 'paid')
  return subscription
}

/** Changes the subscription (in `change`) and emits customer.subscription.updated with what changed. */
export function updateSubscription(
  context: StandInContext,
  subscription: Stripe.Subscription,
  change: (subscription: Stripe.Subscription) => void,
): Stripe.Subscription {
  const before = structuredClone(subscription)
  change(subscription)
  context.store.save()
  const previous = changedAttributes(before, subscription)
  if (Object.keys(previous).length > 0) context.emit('customer.subscription.updated', subscription, previous)
  return subscription
}

/** Starts a new period for the item now (a switch, or a renewal the stand-in performs on demand). */
function startNewPeriod(subscription: Stripe.Subscription, price: Stripe.Price): void {
  const item = firstItem(subscription)
  const period = periodFrom(price, nowSeconds())
  item.price = price
  item.plan = planOfPrice(price)
  item.current_period_start = period.start
  item.current_period_end = period.end
  subscription.billing_cycle_anchor = period.start
  subscription.currency = price.currency
  if (subscription.cancel_at_period_end) subscription.cancel_at = period.end
}

/**
 * Puts the subscription on `price` with a new period starting now and drafts its invoice (the stand-in charges a
 * change at once instead of prorating). Settle the invoice after the subscription's event.
 */
export function chargeNewPeriod(
  context: StandInContext,
  subscription: Stripe.Subscription,
  price: Stripe.Price,
): Stripe.Invoice {
  startNewPeriod(subscription, price)
  subscription.status = 'active'
  return draftInvoice(context, subscription, 'subscription_update')
}

/** Portal switch: customer.subscription.updated, then the new period's paid invoice. */
export function switchPrice(
  context: StandInContext,
  subscription: Stripe.Subscription,
  price: Stripe.Price,
): Stripe.Subscription {
  let invoice: Stripe.Invoice | undefined
  updateSubscription(context, subscription, (current) => {
    invoice = chargeNewPeriod(context, current, price)
  })
  if (invoice) settleInvoice(context, invoice, 'paid')
  return subscription
}

export function applyCancelAtPeriodEnd(subscription: Stripe.Subscription, cancel: boolean): void {
  subscription.cancel_at_period_end = cancel
  subscription.cancel_at = cancel ? firstItem(subscription).current_period_end : null
  subscription.canceled_at = cancel ? nowSeconds() : null
  subscription.cancellation_details = {
    comment: null,
    feedback: null,
    feedback_option: null,
    reason: cancel ? 'cancellation_requested' : null,
  }
}

export function setCancelAtPeriodEnd(
  context: StandInContext,
  subscription: Stripe.Subscription,
  cancel: boolean,
): Stripe.Subscription {
  return updateSubscription(context, subscription, (current) => applyCancelAtPeriodEnd(current, cancel))
}

/**
 * What happens at the end of the period, now: a subscription set to cancel ends; otherwise a new period starts
 * and its invoice is paid (status active) or declined (status past_due, invoice left open).
 */
export function renewNow(
  context: StandInContext,
  subscription: Stripe.Subscription,
  outcome: PaymentOutcome,
): Stripe.Subscription {
  if (subscription.cancel_at_period_end) return endNow(context, subscription)
  const before = structuredClone(subscription)
  startNewPeriod(subscription, firstItem(subscription).price)
  const invoice = draftInvoice(context, subscription, 'subscription_cycle')
  settleInvoice(context, invoice, outcome)
  subscription.status = outcome === 'paid' ? 'active' : 'past_due'
  context.store.save()
  context.emit('customer.subscription.updated', subscription, changedAttributes(before, subscription))
  return subscription
}

/** Cancels at once: status canceled, ended_at now; customer.subscription.deleted. */
export function endNow(context: StandInContext, subscription: Stripe.Subscription): Stripe.Subscription {
  const now = nowSeconds()
  subscription.status = 'canceled'
  subscription.ended_at = now
  subscription.canceled_at ??= now
  subscription.cancellation_details = {
    comment: subscription.cancellation_details?.comment ?? null,
    feedback: subscription.cancellation_details?.feedback ?? null,
    feedback_option: subscription.cancellation_details?.feedback_option ?? null,
    reason: 'cancellation_requested',
  }
  context.store.save()
  context.emit('customer.subscription.deleted', subscription)
  return subscription
}

export const isLive = (subscription: Stripe.Subscription) =>
  !['canceled', 'incomplete_expired'].includes(subscription.status)
