import type { FunctionAccess } from '@app/contracts'

/** Reads when each AWS account's SES suppression list was last read, and starts a run (a job on the queue). */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['jobs'],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
