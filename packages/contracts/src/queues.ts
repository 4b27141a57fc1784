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
  /**
   * Campaign dispatch (`campaigns/sending`): a message per run step — a page of the audience written to the
   * ledger, or a round of claims of PENDING recipients into send batches (≤ 50) — each enqueuing its own
   * continuation (with a delay) until the ledger has no PENDING or CLAIMED recipient. Slices are short (≤ 20 s).
   */
  campaignDispatch: {
    worker: 'campaign-dispatch',
    urlEnv: ENV.campaignDispatchQueueUrl,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 10,
    batchSize: 1,
  },
  /**
   * Campaign send batches: one message = one claimed batch of ≤ 50 recipients of one shard. The worker (timeout
   * 30 s, a sixth of this) marks the batch attempted, calls SendBulkEmail once (aborted after 15 s) and records
   * the answer; a redelivery never sends an attempted batch again (the ledger's lease takeover settles it).
   * Throttling returns the recipients to PENDING rather than failing the message, so it never reaches the DLQ.
   * One batch per invocation: each waits for its own slot of the send limiter, so batches in flight are leased
   * side by side (ten to one invocation would wait for their slots one after another, a slot at a time).
   */
  campaignSend: {
    worker: 'campaign-send',
    urlEnv: ENV.campaignSendQueueUrl,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 10,
    batchSize: 1,
  },
  /**
   * A scheduled campaign's start (`campaigns/scheduling.ts`): EventBridge Scheduler's one-time schedule (locally
   * the Scheduler stand-in) puts `{ orgId, campaignId }` here when the campaign's time comes; the worker starts
   * it if it is still SCHEDULED and due. Idempotent, so a redelivery changes nothing.
   */
  campaignSchedule: {
    worker: 'campaign-schedule',
    urlEnv: ENV.campaignScheduleQueueUrl,
    visibilityTimeoutSeconds: 360,
    maxReceiveCount: 5,
    batchSize: 1,
  },
  /**
   * SES events of campaign messages to count into their reports: the signed SNS endpoint verifies each post, settles
   * the ledger and enqueues the event here; the worker counts up to 10 at once (`campaigns/reports/record-batch.repo.ts`:
   * one BatchGet and one transaction per campaign instead of a read and a transaction per event). Counting is
   * exactly once by the events' markers, so a redelivered message or a retried batch counts nothing twice.
   */
  campaignEvents: {
    worker: 'campaign-events',
    urlEnv: ENV.campaignEventsQueueUrl,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 10,
    batchSize: 10,
  },
  /*
   * Domain events' subscribers that reach outside our table (core `event-subscribers.ts`): each has its own queue,
   * dead-letter queue and worker, so one that fails (Stripe down, a customer's AWS refusing) is retried alone and
   * never delays another. The event dispatcher sends `{ subscriber, event }` to the queue of each subscriber that
   * takes the event's type; the worker runs it once per event (the subscriber's claim).
   */
  /** Stripe: a deleted organization's subscriptions cancelled. */
  billingEvents: {
    worker: 'billing-events',
    urlEnv: ENV.billingEventsQueueUrl,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 8,
    batchSize: 1,
  },
  /** Customers' AWS accounts: monitoring taken out of a deleted organization's accounts, then its purge. */
  sesMonitoringEvents: {
    worker: 'ses-monitoring-events',
    urlEnv: ENV.sesMonitoringEventsQueueUrl,
    visibilityTimeoutSeconds: 600,
    maxReceiveCount: 8,
    batchSize: 1,
  },
  /** The product's mail: owners told of a campaign paused for an account-level error. */
  campaignPausedMail: {
    worker: 'campaign-paused-mail',
    urlEnv: ENV.campaignPausedMailQueueUrl,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 8,
    batchSize: 1,
  },
  /**
   * Outgoing webhooks (core `webhooks/`): the event subscriber writes a delivery per enabled endpoint wanting the
   * event and enqueues it here; each delivery message is one signed POST (5 s timeout) of one delivery. A failed
   * attempt enqueues the next with its backoff as the message delay; SQS delays stop at 15 minutes, so a longer
   * pause is taken in 15-minute hops (a message not yet due is put back with the rest of the wait). The owners'
   * mail about an endpoint disabled for persistent failure rides here too.
   */
  webhookDeliveries: {
    worker: 'webhook-deliveries',
    urlEnv: ENV.webhookDeliveriesQueueUrl,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 8,
    batchSize: 1,
  },
} as const

export type QueueName = keyof typeof QUEUES
