import type { FunctionAccess } from '@app/contracts'

/**
 * Outgoing webhook endpoints and their delivery log: the table; seals signing secrets (the KMS key, no customer
 * role); queues test events and redeliveries on the webhook queue, a deleted endpoint's log on the purge queue.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['webhookDeliveries', 'purge'],
  stripe: false,
  customerAws: false,
  sealsSecrets: true,
} as const satisfies FunctionAccess
