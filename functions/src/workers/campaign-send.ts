import { createLogger } from '@app/core'
import { runSendBatch, SendMessageSchema } from '@app/core/campaigns/public'
import { count, createMetrics, milliseconds } from '@app/core/metrics'
import { env } from '../env'
import { sqsWorker } from './sqs-worker'

const log = createLogger({ service: 'campaign-send-worker' }, env.logLevel)
const metrics = createMetrics('campaign-send-worker')

/** Kept after the pacing wait for the attempt mark, the SES call (≤ 15 s) and the outcome. */
const SAFETY_MS = 20_000

/**
 * Campaign send batches (campaigns/sending/send.ts): one SendBulkEmail of ≤ 50 recipients per message, through
 * the customer's SES. A batch whose pacing wait would outlive the invocation is handed back to PENDING; a failed
 * record is redelivered alone, and an attempted batch is never sent twice.
 */
export const handler = sqsWorker({
  schema: SendMessageSchema,
  log,
  metrics,
  failure: 'campaign_send.failed',
  handle: async (message, _record, context) => {
    const started = Date.now()
    await runSendBatch(message, {
      deadline: Date.now() + context.getRemainingTimeInMillis() - SAFETY_MS,
      log,
    })
    metrics.publish({}, { SendBatches: count(), SendBatchTime: milliseconds(Date.now() - started) })
  },
})
