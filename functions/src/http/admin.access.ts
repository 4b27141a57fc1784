import type { FunctionAccess } from '@app/contracts'

/** Operators' billing: invoices across organizations, plan prices read from and synced with Stripe. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: true,
  customerAws: false,
} as const satisfies FunctionAccess
