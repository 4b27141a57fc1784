import type { FunctionAccess } from '@app/contracts'

/**
 * Reusable blocks: saving one recompiles its templates in a job on the jobs queue; writes compile with the
 * template pipeline (a block is checked as a fragment), loaded on the first compile.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['jobs'],
  stripe: false,
  customerAws: false,
  sideModules: ['@app/email'],
} as const satisfies FunctionAccess
