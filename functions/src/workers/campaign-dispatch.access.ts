import type { FunctionAccess } from '@app/contracts'

/**
 * Campaign dispatch: writes the ledger from the audience, claims PENDING recipients into send batches, takes over
 * expired leases, finishes runs (deleting the campaign-owned SES template in the customer's account).
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['campaignDispatch', 'campaignSend'],
  stripe: false,
  customerAws: true,
  transfers: false,
} as const satisfies FunctionAccess
