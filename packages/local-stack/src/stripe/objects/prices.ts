import type Stripe from 'stripe'
import { nowSeconds } from '../clock'
import { newId } from '../ids'
import { decimal } from './list'

export function newProduct(name: string, metadata: Record<string, string> = {}): Stripe.Product {
  const created = nowSeconds()
  return {
    id: newId('prod'),
    object: 'product',
    active: true,
    created,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata,
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  }
}

export interface PriceFields {
  product: string
  currency: string
  unitAmount: number
  /** null for a one-time price. */
  interval: Stripe.Price.Recurring.Interval | null
  intervalCount: number
  lookupKey: string | null
  nickname: string | null
  active: boolean
  metadata: Record<string, string>
}

export function newPrice(fields: PriceFields): Stripe.Price {
  return {
    id: newId('price'),
    object: 'price',
    active: fields.active,
    billing_scheme: 'per_unit',
    created: nowSeconds(),
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey,
    metadata: fields.metadata,
    nickname: fields.nickname,
    product: fields.product,
    recurring: fields.interval
      ? {
          interval: fields.interval,
          interval_count: fields.intervalCount,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: fields.interval ? 'recurring' : 'one_time',
    unit_amount: fields.unitAmount,
    unit_amount_decimal: decimal(fields.unitAmount),
  }
}

/** The legacy `plan` Stripe still puts beside each subscription item's price. */
export function planOfPrice(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  }
}
