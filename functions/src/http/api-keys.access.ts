import type { FunctionAccess } from '@app/contracts'

/** The organization's API keys: the table only (keys and their rows; secrets are never stored). */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
