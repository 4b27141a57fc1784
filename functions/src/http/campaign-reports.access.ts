import type { FunctionAccess } from '@app/contracts'

/**
 * Campaign reports: the table only (the campaign, its ledger's counters and the report's aggregates).
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
