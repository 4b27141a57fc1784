import type { FunctionAccess } from '@app/contracts'

/**
 * The public API's transactional sends (API keys): the table (templates, suppressions, the account's limiter)
 * and the customer's AWS account (its identities and `SendEmail`).
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: true,
} as const satisfies FunctionAccess
