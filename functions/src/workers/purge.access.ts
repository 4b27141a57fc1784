import type { FunctionAccess } from '@app/contracts'

/** Removes what deleted organizations and AWS connections owned, a pass at a time (the next pass is a new message). */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['purge'],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
