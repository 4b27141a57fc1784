import type { FunctionAccess } from '@app/contracts'

/** The OpenAPI document, built from the route table: touches nothing. */
export const access = {
  table: false,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
