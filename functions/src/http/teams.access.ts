import type { FunctionAccess } from '@app/contracts'

/**
 * The team: members, roles and invitations in the table; each invitation (and resend) is mailed through the
 * product's own SES. Events (`member.*`) go out through the outbox, so nothing is sent to a queue from here.
 */
export const access = {
  table: true,
  sendsMail: true,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
