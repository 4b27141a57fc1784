import type { FunctionAccess } from '@app/contracts'

/** Mails the owners of an organization whose campaign paused for an account-level error (the product's mail). */
export const access = {
  table: true,
  sendsMail: true,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
