import type { FunctionAccess } from '@app/contracts'

/** Reads background jobs and their items. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
