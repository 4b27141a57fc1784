import type { FunctionAccess } from '@app/contracts'

/**
 * Reaches the customer's account to check and connect it and to take monitoring out when a connection is deleted;
 * the deletion publishes `aws_account.deleted`, and the event dispatcher hands its message logs to the purge worker.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: true,
} as const satisfies FunctionAccess
