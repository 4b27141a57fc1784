import type { FunctionAccess } from '@app/contracts'

/** The daily suppression list read: the sync states and connections in the table, a job per account. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['jobs'],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
