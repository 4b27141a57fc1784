import type { FunctionAccess } from '@app/contracts'

/**
 * Public: verifies SNS signatures (certificates fetched from SNS over HTTPS), records events and queues campaign
 * messages' events for the events worker to count.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['campaignEvents'],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
