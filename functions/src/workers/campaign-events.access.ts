import type { FunctionAccess } from '@app/contracts'

/** Counts campaign messages' SES events into their reports (the table only). */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
  transfers: false,
} as const satisfies FunctionAccess
