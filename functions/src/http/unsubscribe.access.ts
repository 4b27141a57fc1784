import type { FunctionAccess } from '@app/contracts'

/**
 * Public unsubscribe, preference, one-click and signup calls: reads and writes contacts, verifies signed links,
 * mails signup confirmations (product mail).
 */
export const access = {
  table: true,
  sendsMail: true,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
