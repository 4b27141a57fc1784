import { createLogger } from '@app/core'
import { EngagementMessageSchema, recordEngagements } from '@app/core/campaigns/public'
import { count, createMetrics, milliseconds } from '@app/core/metrics'
import { env } from '../env'
import { sqsBatchWorker } from './sqs-worker'

const log = createLogger({ service: 'campaign-events-worker' }, env.logLevel)
const metrics = createMetrics('campaign-events-worker')

/**
 * SES events of campaign messages (queued by the signed SNS endpoint), counted into their reports a whole SQS
 * batch at a time: one BatchGet and one transaction per campaign, each event exactly once. A failed batch is
 * redelivered whole; the events it committed find their markers and count nothing twice.
 */
export const handler = sqsBatchWorker({
  schema: EngagementMessageSchema,
  log,
  metrics,
  failure: 'campaign_events.failed',
  handleBatch: async (events) => {
    const started = Date.now()
    const outcome = await recordEngagements(events)
    const tally = { counted: 0, duplicate: 0, unknown_recipient: 0 }
    for (const result of outcome.results) tally[result]++
    if (tally.duplicate + tally.unknown_recipient + outcome.fallbacks > 0)
      log.info('campaign_events.batch', { events: events.length, ...tally, fallbacks: outcome.fallbacks })
    metrics.publish(
      {},
      {
        EventsCounted: count(tally.counted),
        EventDuplicates: count(tally.duplicate),
        EventBatchFallbacks: count(outcome.fallbacks),
        EventBatchTime: milliseconds(Date.now() - started),
      },
    )
  },
})
