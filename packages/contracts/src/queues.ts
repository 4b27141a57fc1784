import { ENV } from './env'

/**
 * Background queues, each drained by one worker (`functions/src/workers/<worker>.ts`). The CDK stack and the
 * local stack both build theirs from this list; every queue has a dead-letter queue.
 */
export const QUEUES = {
  purge: {
    worker: 'purge',
    urlEnv: ENV.purgeQueueUrl,
    visibilityTimeoutSeconds: 300,
    maxReceiveCount: 5,
    batchSize: 1,
  },
  /**
   * Background jobs (SES publish, import, delete, refresh). A worker works a slice (well within its timeout, a
   * sixth of this) and enqueues the continuation; a crashed slice is redelivered after the visibility timeout
   * and resumes from the items' recorded results.
   */
  jobs: {
    worker: 'jobs',
    urlEnv: ENV.jobsQueueUrl,
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 5,
    batchSize: 1,
  },
  /**
   * Contact imports and exports (`audience/import`, `audience/export`): the worker streams an import's file a
   * segment at a time from its checkpoint, or an export's contacts a piece at a time, for at most a slice, and
   * enqueues the continuation; a crashed slice resumes from the last checkpoint or piece.
   */
  contactTransfer: {
    worker: 'contact-transfer',
    urlEnv: ENV.contactTransferQueueUrl,
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 5,
    batchSize: 1,
  },
} as const

export type QueueName = keyof typeof QUEUES
