import type { FunctionAccess } from '@app/contracts'

/** Public: verifies SNS signatures (certificates fetched from SNS over HTTPS) and records events. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
