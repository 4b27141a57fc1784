import { createLogger, Purge } from '@app/core'
import { count, createMetrics, milliseconds } from '@app/core/metrics'
import { env } from '../env'
import { sqsWorker } from './sqs-worker'

const log = createLogger({ service: 'purge-worker' }, env.logLevel)
const metrics = createMetrics('purge-worker')

/** Removes what deleted organizations (and deleted AWS connections) owned. Each record on its own; failures are retried, then dead-lettered. */
export const handler = sqsWorker({
  schema: Purge.PurgeMessageSchema,
  log,
  metrics,
  failure: 'purge.failed',
  handle: async (message, record) => {
    const started = Date.now()
    const outcome = await Purge.purgePass(message)
    metrics.publish(
      { kind: message.kind, outcome },
      { PurgePasses: count(), PurgePassTime: milliseconds(Date.now() - started) },
    )
    // Large organizations are removed a pass at a time; the next pass is a new message.
    if (outcome === 'more') await Purge.enqueuePurge(message)
    log.info('purge.pass', { ...message, outcome, messageId: record.messageId })
  },
})
