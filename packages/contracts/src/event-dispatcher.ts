/**
 * The function that hands domain events (outbox items, see core's `events/`) to their subscribers: on AWS the
 * table's stream invokes it, locally the outbox poller does. One definition for the CDK stack and `npm start`.
 */
export const EVENT_DISPATCHER = {
  worker: 'event-dispatcher',
  timeoutSeconds: 120,
  /** Stream records per invocation. */
  batchSize: 25,
  /** After this many failed attempts (bisecting the batch), the record goes to the dead-letter queue. */
  retryAttempts: 8,
  /** Records older than this are not retried any more and go to the dead-letter queue. */
  maxRecordAgeSeconds: 24 * 3600,
} as const
