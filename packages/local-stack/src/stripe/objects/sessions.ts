import type Stripe from 'stripe'
import { DAY_SECONDS, nowSeconds } from '../clock'
import { newId } from '../ids'

export interface CheckoutFields {
  customer: string | null
  customerEmail: string | null
  clientReferenceId: string | null
  metadata: Record<string, string>
  successUrl: string
  cancelUrl: string | null
  amount: number
  currency: string
  locale: Stripe.Checkout.Session.Locale | null
  allowPromotionCodes: boolean | null
  billingAddressCollection: Stripe.Checkout.Session.BillingAddressCollection | null
  publicUrl: string
}

/** An open subscription-mode Checkout Session, valid for 24 hours like Stripe's default. */
export function newCheckoutSession(fields: CheckoutFields): Stripe.Checkout.Session {
  const id = newId('cs_test', 58)
  const created = nowSeconds()
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: fields.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: fields.amount,
    amount_total: fields.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: fields.billingAddressCollection,
    cancel_url: fields.cancelUrl,
    client_reference_id: fields.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: fields.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: fields.customer,
    customer_account: null,
    customer_creation: fields.customer ? null : 'always',
    customer_details: null,
    customer_email: fields.customerEmail,
    discounts: [],
    expires_at: created + DAY_SECONDS,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: fields.locale,
    managed_payments: null,
    metadata: fields.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: fields.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${fields.publicUrl}/checkout/${id}`,
    wallet_options: null,
  }
}

export interface PortalFields {
  configuration: string
  customer: string
  returnUrl: string | null
  /** Open straight on the plan switcher for this subscription. */
  updateSubscription: string | null
  locale: Stripe.BillingPortal.Session.Locale | null
  publicUrl: string
}

export function newPortalSession(fields: PortalFields): Stripe.BillingPortal.Session {
  const id = newId('bps')
  return {
    id,
    object: 'billing_portal.session',
    configuration: fields.configuration,
    created: nowSeconds(),
    customer: fields.customer,
    customer_account: null,
    flow: fields.updateSubscription
      ? {
          type: 'subscription_update',
          after_completion: { type: 'portal_homepage', hosted_confirmation: null, redirect: null },
          customer_update: null,
          subscription_cancel: null,
          subscription_pause: null,
          subscription_update: { subscription: fields.updateSubscription },
          subscription_update_confirm: null,
        }
      : null,
    livemode: false,
    locale: fields.locale,
    on_behalf_of: null,
    return_url: fields.returnUrl,
    url: `${fields.publicUrl}/portal/${id}`,
  }
}
