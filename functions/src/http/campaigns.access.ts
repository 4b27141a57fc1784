import type { FunctionAccess } from '@app/contracts'

/**
 * Campaigns: the table; the customer's AWS account (pre-flight's GetAccount, test sends through its SES);
 * `@app/email` for the template's variables and rendering.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: true,
  sideModules: ['@app/email'],
} as const satisfies FunctionAccess
