import type { FunctionAccess } from '@app/contracts'

/** Checkout, customer portal, invoices and plan changes through Stripe (`/api/payments/…`). */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: true,
  customerAws: false,
} as const satisfies FunctionAccess
