import {
  AudienceJobs,
  BlockJobs,
  CampaignActionJobs,
  createLogger,
  JobRunner,
  Jobs,
  SesJobs,
  SuppressionSync,
} from '@app/core'
import { findApiKeyActor } from '@app/core/api-keys/public'
import { jobsEnv, useApiKeyLookup } from '@app/core/jobs/public'
import { count, createMetrics, milliseconds } from '@app/core/metrics'
import { env } from '../env'
import { sqsWorker } from './sqs-worker'

const log = createLogger({ service: 'jobs-worker' }, env.logLevel)
const metrics = createMetrics('jobs-worker')
const handlers = {
  ...SesJobs.sesJobHandlers,
  ...BlockJobs.blockJobHandlers,
  ...AudienceJobs.audienceJobHandlers,
  ...CampaignActionJobs.campaignActionJobHandlers,
  ...SuppressionSync.suppressionSyncHandlers,
}

/** Time kept after a slice's last start for the item in flight, recording and the continuation. */
const SAFETY_MS = 30_000

// A job an API key started runs only while that key exists and holds the scope (checked at every slice).
useApiKeyLookup(findApiKeyActor)

/**
 * Background jobs (SES publish, import, delete, refresh; block propagation), a slice per message. Each item's result is recorded as
 * it is known, so a failed or crashed slice is redelivered and resumes where the results say.
 */
export const handler = sqsWorker({
  schema: Jobs.JobMessageSchema,
  log,
  metrics,
  failure: 'job.slice_failed',
  handle: async (message, record, context) => {
    const started = Date.now()
    const budget = Math.min(jobsEnv().sliceMs, context.getRemainingTimeInMillis() - SAFETY_MS)
    const outcome = await JobRunner.runJobSlice(message, {
      handlers,
      deadline: Date.now() + Math.max(budget, 1_000),
      owner: `${context.awsRequestId}/${record.messageId}`,
      log,
    })
    metrics.publish({ outcome }, { JobSlices: count(), JobSliceTime: milliseconds(Date.now() - started) })
    // The rest of the job is a new message: each invocation stays well within its timeout.
    if (outcome === 'more') await Jobs.enqueueJob(message)
    log.info('job.slice', { ...message, outcome, messageId: record.messageId })
  },
})
