import type { FunctionAccess } from '@app/contracts'

/**
 * A campaign's checks before sending: the table; the customer's AWS account (the pre-flight's GetAccount and
 * identities, test sends through its SES); `@app/email` to render the message and check its unsubscribe link and
 * postal address.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: true,
  sideModules: ['@app/email'],
} as const satisfies FunctionAccess
