import type { FunctionAccess } from '@app/contracts'

/** Enable/disable create and remove the topic and configuration set in the customer's account. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: true,
} as const satisfies FunctionAccess
