import type { FunctionAccess } from '@app/contracts'

/** The public API's contacts and topics (API keys): the table only, as the dashboard's contacts and topics. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
