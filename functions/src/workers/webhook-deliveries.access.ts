import type { FunctionAccess } from '@app/contracts'

/**
 * Outgoing webhooks: reads endpoints and writes deliveries, opens their signing secrets, queues attempts on its
 * own queue, POSTs to customers' endpoints (through the SSRF guard) and mails owners about a disabled endpoint.
 */
export const access = {
  table: true,
  sendsMail: true,
  administersUsers: false,
  sendsTo: ['webhookDeliveries'],
  stripe: false,
  customerAws: false,
  sealsSecrets: true,
} as const satisfies FunctionAccess
