import type { QueueName } from './queues'

/**
 * Workspace packages a function may load lazily with `import(name)`: the CDK stack ships each pre-bundled beside
 * the function's bundle instead of inside it (infra `side-modules.ts` says where each one's entry is).
 */
export const SIDE_MODULES = ['@app/email'] as const
export type SideModuleName = (typeof SIDE_MODULES)[number]

/**
 * What one Lambda may touch, declared beside its handler (`functions/src/http/<group>.access.ts`,
 * `functions/src/workers/<worker>.access.ts`) and granted by the CDK stack, nothing more. The declaration
 * modules import only types, so the CDK app reads them without loading handler code.
 */
export interface FunctionAccess {
  /** Reads and writes the application table. */
  table: boolean
  /** Sends the product's own mail (verification, password reset) from `MAIL_FROM`. */
  sendsMail: boolean
  /** Deletes users, sets passwords, marks addresses verified. */
  administersUsers: boolean
  /** Queues it sends to. */
  sendsTo: readonly QueueName[]
  /** Reads the Stripe secret (keys never sit in environment variables). */
  stripe: boolean
  /** Reaches customers' own AWS accounts (assumes their roles, opens their sealed keys). */
  customerAws: boolean
  /** Seals and opens the product's own secrets (webhook signing secrets) with the secrets KMS key. */
  sealsSecrets?: boolean
  /** Reads and writes the transfer bucket (contact imports, exports, invalid-row files) and presigns its URLs. */
  transfers?: boolean
  /**
   * Creates and deletes campaigns' one-time EventBridge Scheduler schedules (in their group only) and passes the
   * role Scheduler assumes to reach the campaign-schedule queue.
   */
  schedulesCampaigns?: boolean
  /** Lazily imported workspace modules shipped beside the bundle. */
  sideModules?: readonly SideModuleName[]
}
