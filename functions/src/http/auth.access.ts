import type { FunctionAccess } from '@app/contracts'

/** Public auth flows: mails password-reset and verification links, sets passwords, marks addresses verified. */
export const access = {
  table: true,
  sendsMail: true,
  administersUsers: true,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
