import type { FunctionAccess } from '@app/contracts'

/** Presigns uploads and downloads in the transfer bucket and queues contact imports. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['contactTransfer'],
  stripe: false,
  customerAws: false,
  transfers: true,
} as const satisfies FunctionAccess
