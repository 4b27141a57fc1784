import type { FunctionAccess } from '@app/contracts'

/**
 * Test sends go through the customer's SES; deleting templates hands their versions to the purge worker;
 * writes compile with the template pipeline, loaded on the first compile.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['purge'],
  stripe: false,
  customerAws: true,
  sideModules: ['@app/email'],
} as const satisfies FunctionAccess
