import type { FunctionAccess } from '@app/contracts'

/**
 * SES monitoring's event subscribers: customers' AWS accounts (taking monitoring out of a deleted organization's),
 * then the organization's purge (the table, and the purge queue for what one pass leaves).
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['purge'],
  stripe: false,
  customerAws: true,
} as const satisfies FunctionAccess
