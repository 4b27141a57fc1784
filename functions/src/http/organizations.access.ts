import type { FunctionAccess } from '@app/contracts'

/**
 * Deleting an organization publishes `organization.deleted`; the event dispatcher cancels its Stripe subscription,
 * takes monitoring out of its AWS accounts and purges, so this function needs none of that.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
