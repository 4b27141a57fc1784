import type { FunctionAccess } from '@app/contracts'

/** Campaign send batches: SendBulkEmail through the customer's SES (their role or keys), the ledger's outcomes. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['campaignDispatch'],
  stripe: false,
  customerAws: true,
  transfers: false,
} as const satisfies FunctionAccess
