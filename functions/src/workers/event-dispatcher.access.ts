import type { FunctionAccess } from '@app/contracts'

/**
 * Domain events (the table's stream): what its subscribers do — claims and purge in the table, the purge queue,
 * Stripe (cancelling a deleted organization's subscription), customers' AWS accounts (taking monitoring out),
 * campaigns' one-time schedules (created and deleted as campaigns are scheduled and unscheduled); the product's
 * mail (a campaign paused for an account-level error is mailed to the organization's owners).
 */
export const access = {
  table: true,
  sendsMail: true,
  administersUsers: false,
  sendsTo: ['purge'],
  stripe: true,
  customerAws: true,
  schedulesCampaigns: true,
} as const satisfies FunctionAccess
