import type { FunctionAccess } from '@app/contracts'

/**
 * Campaigns: the table; the customer's AWS account (the sender's identities, the campaign-owned SES template
 * published at send start); the dispatch queue (send, resume, cancel and retries enqueue a run step); the purge
 * queue (a deleted campaign's run and ledger); `@app/email` for the unsubscribe-link and postal-address checks a
 * send runs. The pre-flight and test sends are `campaign-checks`.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['campaignDispatch', 'purge'],
  stripe: false,
  customerAws: true,
  sideModules: ['@app/email'],
} as const satisfies FunctionAccess
