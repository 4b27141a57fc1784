import type { FunctionAccess } from '@app/contracts'

/**
 * Campaign reports: the table (the campaign, its ledger's counters and the report's aggregates); the audience
 * actions queue their job on the jobs queue.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['jobs'],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
