import { createLogger } from '@app/core'
import { runCampaignSchedule, ScheduledStartSchema } from '@app/core/campaigns/public'
import { count, createMetrics } from '@app/core/metrics'
import { env } from '../env'
import { sqsWorker } from './sqs-worker'

const log = createLogger({ service: 'campaign-schedule-worker' }, env.logLevel)
const metrics = createMetrics('campaign-schedule-worker')

/**
 * A campaign's one-time schedule came due (EventBridge Scheduler's target; locally the Scheduler stand-in's):
 * starts the campaign if it is still SCHEDULED and due (`campaigns/scheduling.ts`). Safe to deliver twice.
 */
export const handler = sqsWorker({
  schema: ScheduledStartSchema,
  log,
  metrics,
  failure: 'campaign_schedule.failed',
  handle: async (message) => {
    const outcome = await runCampaignSchedule(message, log)
    metrics.publish({ outcome }, { ScheduledStarts: count() })
  },
})
