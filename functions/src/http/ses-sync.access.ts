import type { FunctionAccess } from '@app/contracts'

/**
 * Lists the customer's SES templates; starts jobs (import, publish, delete, refresh) on the jobs queue; taking
 * SES's version of a template compiles it with the template pipeline, loaded on the first compile.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['jobs'],
  stripe: false,
  customerAws: true,
  sideModules: ['@app/email'],
} as const satisfies FunctionAccess
