import type { FunctionAccess } from '@app/contracts'

/** Deleting a connection hands its message logs to the purge worker. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['purge'],
  stripe: false,
  customerAws: true,
} as const satisfies FunctionAccess
