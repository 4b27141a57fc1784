import type Stripe from 'stripe'
import { nowSeconds } from '../clock'
import { newId, newInvoicePrefix } from '../ids'

export interface CustomerFields {
  name: string | null
  email: string | null
  phone: string | null
  description: string | null
  address: Stripe.Address | null
  metadata: Record<string, string>
}

export function newCustomer(fields: CustomerFields): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    ...fields,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    discount: null,
    invoice_prefix: newInvoicePrefix(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    next_invoice_sequence: 1,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  }
}

/** The country a tax id belongs to: the VAT number's own prefix for `eu_vat`, else the type's (`gb_vat` → GB). */
function taxIdCountry(type: string, value: string): string | null {
  if (type === 'eu_vat') return value.slice(0, 2).toUpperCase().replace('EL', 'GR')
  const prefix = type.split('_')[0]
  return prefix && prefix.length === 2 ? prefix.toUpperCase() : null
}

export function newTaxId(customer: string, type: Stripe.TaxId.Type, value: string): Stripe.TaxId {
  return {
    id: newId('txi'),
    object: 'tax_id',
    country: taxIdCountry(type, value),
    created: nowSeconds(),
    customer,
    customer_account: null,
    livemode: false,
    owner: { type: 'customer', customer, customer_account: null },
    type,
    value,
    verification: { status: 'unavailable', verified_address: null, verified_name: null },
  }
}
