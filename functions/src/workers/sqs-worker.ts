import type { Logger } from '@app/core'
import { count, type MetricsWriter, milliseconds } from '@app/core/metrics'
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch'
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda'
import type { z } from 'zod'

export interface SqsWorkerOptions<S extends z.ZodType> {
  /** The message each record's body carries (JSON). */
  schema: S
  log: Logger
  /** Each record writes `SqsRecords` and `SqsRecordTime` under `result` = `handled` | `failed`. */
  metrics: MetricsWriter
  /** Logged with the error and the message id when a record fails, e.g. `purge.failed`. */
  failure: string
  handle: (message: z.infer<S>, record: SQSRecord, context: Context) => Promise<void>
}

/**
 * The one way our SQS consumers work (Powertools batch): each record's body is parsed with its schema and handled
 * one at a time, in order; a record that fails — a malformed body included — is logged with its message id and
 * reported alone in `batchItemFailures` (the queue's event source has `ReportBatchItemFailures`), so SQS redelivers
 * only it and, past the queue's receive count, moves it to the dead-letter queue. A batch where every record failed
 * is reported the same way rather than thrown.
 */
export function sqsWorker<S extends z.ZodType>(
  options: SqsWorkerOptions<S>,
): (event: SQSEvent, context: Context) => Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS)
  return (event, context) =>
    processPartialResponse(
      event,
      async (record: SQSRecord) => {
        const started = Date.now()
        const done = (result: 'handled' | 'failed') =>
          options.metrics.publish(
            { result },
            { SqsRecords: count(), SqsRecordTime: milliseconds(Date.now() - started) },
          )
        try {
          const message = options.schema.parse(JSON.parse(record.body))
          await options.handle(message, record, context)
          done('handled')
        } catch (error) {
          options.log.error(options.failure, { error, messageId: record.messageId })
          done('failed')
          throw error
        }
      },
      processor,
      { context, processInParallel: false, throwOnFullBatchFailure: false },
    )
}
