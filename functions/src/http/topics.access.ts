import type { FunctionAccess } from '@app/contracts'

/** Audience topics: the table only; deleting a topic queues a job on the jobs queue. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['jobs'],
  stripe: false,
  customerAws: false,
  sideModules: [],
} as const satisfies FunctionAccess
