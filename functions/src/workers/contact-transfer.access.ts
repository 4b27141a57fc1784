import type { FunctionAccess } from '@app/contracts'

/** Streams uploaded contact files from the transfer bucket into the audience, writing checkpoints and invalid rows. */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['contactTransfer'],
  stripe: false,
  customerAws: false,
  transfers: true,
} as const satisfies FunctionAccess
