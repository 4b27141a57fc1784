import type { FunctionAccess } from '@app/contracts'

/** Billing's event subscribers: their claims in the table, Stripe (cancelling a deleted organization's subscriptions). */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: true,
  customerAws: false,
} as const satisfies FunctionAccess
