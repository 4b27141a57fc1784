import type { FunctionAccess } from '@app/contracts'

/**
 * SES publish/import/delete/refresh in customers' accounts and block recompiles, a slice at a time (the
 * continuation is a new message); imports compile templates with the pipeline, loaded on the first compile.
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
