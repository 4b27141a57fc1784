import type Stripe from 'stripe'
import { addInterval, nowSeconds } from '../clock'
import { newId } from '../ids'
import { apiList } from './list'
import { planOfPrice } from './prices'

export interface SubscriptionFields {
  customer: string
  price: Stripe.Price
  quantity: number
  metadata: Record<string, string>
  description: string | null
}

/** One period of a price's interval from `start`. */
export function periodFrom(price: Stripe.Price, start: number): { start: number; end: number } {
  const recurring = price.recurring
  return { start, end: addInterval(start, recurring?.interval ?? 'month', recurring?.interval_count ?? 1) }
}

export function newSubscriptionItem(
  subscription: string,
  price: Stripe.Price,
  quantity: number,
  start: number,
): Stripe.SubscriptionItem {
  const period = periodFrom(price, start)
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: start,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOfPrice(price),
    price,
    quantity,
    subscription,
    tax_rates: [],
  }
}

/** An active subscription whose first period starts now (the stand-in has no trials). */
export function newSubscription(fields: SubscriptionFields): Stripe.Subscription {
  const id = newId('sub')
  const start = nowSeconds()
  const item = newSubscriptionItem(id, fields.price, fields.quantity, start)
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: start },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: fields.price.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: fields.description,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: apiList([item], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  }
}

/** The subscription's one item (the stand-in sells one price per subscription, like our checkout). */
export function firstItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0]
  if (!item) throw new Error(`subscription ${subscription.id} has no items`)
  return item
}
