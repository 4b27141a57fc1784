import type Stripe from 'stripe'
import type { Store } from './store'

/** '$49.00' */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  )
}

/** 'May 5, 2026' (UTC, like the dates on Stripe's invoices). */
export function formatDate(seconds: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(seconds * 1000)
}

const ADJECTIVES: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' }

export interface PriceLabel {
  productName: string
  /** 'Team (monthly)' */
  name: string
  /** '$49.00' */
  amount: string
  /** '$49.00 / month' */
  amountPerInterval: string
  interval: string
}

export function priceLabel(store: Store, price: Stripe.Price): PriceLabel {
  const productId = typeof price.product === 'string' ? price.product : price.product.id
  const productName = store.find('products', productId)?.name ?? price.nickname ?? productId
  const interval = price.recurring?.interval ?? 'month'
  const amount = formatMoney(price.unit_amount ?? 0, price.currency)
  return {
    productName,
    name: `${productName} (${ADJECTIVES[interval] ?? interval})`,
    amount,
    amountPerInterval: `${amount} / ${interval}`,
    interval,
  }
}

/** An invoice line: 'Team (monthly) — 1 × $49.00'. */
export function lineDescription(store: Store, price: Stripe.Price, quantity: number): string {
  const label = priceLabel(store, price)
  return `${label.name} — ${quantity} × ${label.amount}`
}

/** An address as lines: street lines, then 'City, State Postal', then the country. */
export function addressLines(address: Stripe.Address | null | undefined): string[] {
  if (!address) return []
  const place = [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  return [address.line1, address.line2, place, address.country].filter((line): line is string =>
    Boolean(line),
  )
}

export function invoiceStatusLabel(invoice: Stripe.Invoice): string {
  if (invoice.status === 'paid') return 'Paid'
  if (invoice.status === 'open') return invoice.attempt_count > 0 ? 'Open (payment failed)' : 'Open'
  return invoice.status ? invoice.status[0]?.toUpperCase() + invoice.status.slice(1) : 'Draft'
}
