import type { FunctionAccess } from '@app/contracts'

/**
 * The audit log: the table (its entries, the export records); the contact-transfer queue, where an export too
 * large to answer at once goes as a job (the worker writes the file); the transfer bucket, to presign a finished
 * export's download.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['contactTransfer'],
  stripe: false,
  customerAws: false,
  transfers: true,
} as const satisfies FunctionAccess
