import type { FunctionAccess } from '@app/contracts'

/** Public: verifies Stripe's signature with the webhook secret and records subscription changes. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: true,
  customerAws: false,
} as const satisfies FunctionAccess
