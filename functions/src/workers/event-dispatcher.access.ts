import type { FunctionAccess } from '@app/contracts'

/**
 * Domain events (the table's stream): sends each event to its subscribers' queues (outside I/O runs in their own
 * workers) and runs the inline subscribers — claims and report counts in the table, the purge queue (a deleted
 * AWS connection's leftovers), campaigns' one-time schedules (created and deleted as campaigns are scheduled and
 * unscheduled).
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['purge', 'billingEvents', 'sesMonitoringEvents', 'campaignPausedMail', 'webhookDeliveries'],
  stripe: false,
  customerAws: false,
  schedulesCampaigns: true,
} as const satisfies FunctionAccess
