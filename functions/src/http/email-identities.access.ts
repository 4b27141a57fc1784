import type { FunctionAccess } from '@app/contracts'

/** Lists, adds and deletes the SES identities of the customer's account. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: true,
} as const satisfies FunctionAccess
