import type { FunctionAccess } from '@app/contracts'

/**
 * The public API's campaigns (API keys): as `campaigns` — the table; the customer's AWS account (the sender's
 * identities, the campaign-owned SES template published at send start); the dispatch queue (send, resume and
 * cancel enqueue a run step); `@app/email` for the checks a send runs.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['campaignDispatch'],
  stripe: false,
  customerAws: true,
  sideModules: ['@app/email'],
} as const satisfies FunctionAccess
