import { createLogger } from '@app/core'
import { DispatchMessageSchema, handleDispatch } from '@app/core/campaigns/public'
import { count, createMetrics, milliseconds } from '@app/core/metrics'
import { env } from '../env'
import { sqsWorker } from './sqs-worker'

const log = createLogger({ service: 'campaign-dispatch-worker' }, env.logLevel)
const metrics = createMetrics('campaign-dispatch-worker')

/** Longest step one message works (a materialising page loop stops there). */
const STEP_MS = 20_000
const SAFETY_MS = 10_000

/**
 * A campaign run's dispatch chain, one step per message: writes the ledger from the audience, then claims PENDING
 * recipients into send batches, takes over expired claims and finishes the run (campaigns/sending/dispatch.ts).
 * Each step enqueues its continuation; a crashed step's message comes back after the visibility timeout.
 */
export const handler = sqsWorker({
  schema: DispatchMessageSchema,
  log,
  metrics,
  failure: 'campaign_dispatch.failed',
  handle: async (message, _record, context) => {
    const started = Date.now()
    const budget = Math.min(STEP_MS, context.getRemainingTimeInMillis() - SAFETY_MS)
    const result = await handleDispatch(message, { deadline: Date.now() + Math.max(budget, 1_000), log })
    metrics.publish(
      { next: result.next },
      { DispatchSteps: count(), DispatchStepTime: milliseconds(Date.now() - started) },
    )
  },
})
