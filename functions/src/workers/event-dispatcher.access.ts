import type { FunctionAccess } from '@app/contracts'

/**
 * Domain events (the table's stream): what its subscribers do — claims and purge in the table, the purge queue,
 * Stripe (cancelling a deleted organization's subscription), customers' AWS accounts (taking monitoring out),
 * campaigns' one-time schedules (created and deleted as campaigns are scheduled and unscheduled).
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['purge'],
  stripe: true,
  customerAws: true,
  schedulesCampaigns: true,
} as const satisfies FunctionAccess
