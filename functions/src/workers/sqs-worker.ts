import type { Logger } from '@app/core'
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch'
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda'
import type { z } from 'zod'

export interface SqsWorkerOptions<S extends z.ZodType> {
  /** The message each record's body carries (JSON). */
  schema: S
  log: Logger
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
        try {
          const message = options.schema.parse(JSON.parse(record.body))
          await options.handle(message, record, context)
        } catch (error) {
          options.log.error(options.failure, { error, messageId: record.messageId })
          throw error
        }
      },
      processor,
      { context, processInParallel: false, throwOnFullBatchFailure: false },
    )
}
