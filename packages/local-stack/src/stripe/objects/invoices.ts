import type Stripe from 'stripe'
import { nowSeconds } from '../clock'
import { newId } from '../ids'
import { apiList, decimal } from './list'

/** Who the stand-in's invoices are from. */
export const SELLER_NAME = 'SES Studio (local stand-in)'

export interface InvoiceFields {
  customer: Stripe.Customer
  subscription: Stripe.Subscription
  item: Stripe.SubscriptionItem
  /** 'Team (monthly) — 1 × $49.00' */
  description: string
  billingReason: Stripe.Invoice.BillingReason
  publicUrl: string
}

/** A draft invoice for one period of a subscription item (finalize and pay it with the functions below). */
export function newSubscriptionInvoice(fields: InvoiceFields): Stripe.Invoice {
  const { customer, subscription, item } = fields
  const id = newId('in')
  const quantity = item.quantity ?? 1
  const amount = (item.price.unit_amount ?? 0) * quantity
  const period = { start: item.current_period_start, end: item.current_period_end }
  const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id
  const line: Stripe.InvoiceLineItem = {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description: fields.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: item.price.id, product },
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity,
    quantity_decimal: decimal(quantity),
    subscription: subscription.id,
    subtotal: amount,
    taxes: [],
  }
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: SELLER_NAME,
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    created: nowSeconds(),
    currency: item.price.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    ...customerSnapshot(customer, []),
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: apiList([line], `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: period.end,
    period_start: period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  }
}

/** The customer's details as the invoice keeps them (frozen when it is finalized). */
export function customerSnapshot(customer: Stripe.Customer, taxIds: Stripe.TaxId[]) {
  return {
    customer_address: customer.address ?? null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_tax_ids: taxIds.map((taxId) => ({ type: taxId.type, value: taxId.value })),
  } satisfies Partial<Stripe.Invoice>
}
