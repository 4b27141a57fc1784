import type { FunctionAccess } from '@app/contracts'

/** The browser's Sentry tunnel: only forwards envelopes to Sentry over the internet, no AWS access. */
export const access = {
  table: false,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
