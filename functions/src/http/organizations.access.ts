import type { FunctionAccess } from '@app/contracts'

/**
 * Deleting an organization cancels its Stripe subscription, takes monitoring out of its AWS accounts, and hands
 * what it owned to the purge worker.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['purge'],
  stripe: true,
  customerAws: true,
} as const satisfies FunctionAccess
