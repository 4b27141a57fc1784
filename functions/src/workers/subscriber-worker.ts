import { createLogger } from '@app/core'
import type { SubscriberQueue } from '@app/core/events/dispatch'
import { runQueuedSubscriber, SubscriberMessageSchema } from '@app/core/events/queued'
import { createMetrics } from '@app/core/metrics'
import { env } from '../env'
import { sqsWorker } from './sqs-worker'

/**
 * A subscriber queue's worker (`QUEUES` entries whose messages are `{ subscriber, event }`, sent by the event
 * dispatcher): each record runs its subscriber once per event (claims), and fails alone so SQS redelivers only it.
 */
export function subscriberWorker(queue: Pick<SubscriberQueue, 'name' | 'subscribers'>, service: string) {
  const log = createLogger({ service }, env.logLevel)
  return sqsWorker({
    schema: SubscriberMessageSchema,
    log,
    metrics: createMetrics(service),
    failure: 'event.subscriber_failed',
    handle: (message) => runQueuedSubscriber(message, queue, { log }),
  })
}
