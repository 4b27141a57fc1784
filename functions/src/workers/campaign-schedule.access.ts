import type { FunctionAccess } from '@app/contracts'

/**
 * A scheduled campaign's start: the table, the customer's AWS account (the pre-flight's checks, the campaign's
 * SES template), the engine's first dispatch step; `@app/email` for the template's variables.
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
