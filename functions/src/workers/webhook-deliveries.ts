import { createLogger } from '@app/core'
import { runQueuedSubscriber, SubscriberMessageSchema } from '@app/core/events/queued'
import { createMetrics } from '@app/core/metrics'
import { DeliveryMessageSchema, runAttempt, webhookSubscribers } from '@app/core/webhooks/public'
import * as z from 'zod'
import { env } from '../env'
import { sqsWorker } from './sqs-worker'

const log = createLogger({ service: 'webhook-deliveries' }, env.logLevel)
const queue = { name: 'webhookDeliveries', subscribers: webhookSubscribers }

/**
 * Outgoing webhooks' queue: the dispatcher's `{ subscriber, event }` messages (a delivery written and queued per
 * endpoint wanting the event; the owners' mail about a disabled endpoint), and `{ delivery }` messages, each one
 * signed POST of one delivery (retries come back as new, delayed messages).
 */
export const handler = sqsWorker({
  schema: z.union([DeliveryMessageSchema, SubscriberMessageSchema]),
  log,
  metrics: createMetrics('webhook-deliveries'),
  failure: 'webhook.message_failed',
  handle: (message) =>
    'delivery' in message ? runAttempt(message.delivery, log) : runQueuedSubscriber(message, queue, { log }),
})
