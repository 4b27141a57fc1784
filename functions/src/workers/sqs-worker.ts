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

export interface SqsBatchWorkerOptions<S extends z.ZodType> extends Omit<SqsWorkerOptions<S>, 'handle'> {
  /** Handles the batch's well-formed messages together; must be safe to run again for any of them. */
  handleBatch: (messages: z.infer<S>[], context: Context) => Promise<void>
}

/**
 * For consumers whose work costs less per batch than per record (the events worker counts a batch in one read
 * and one transaction per campaign): every record's body is parsed with its schema, a malformed one is logged and
 * reported alone in `batchItemFailures`, and the well-formed ones are handled together. If that throws, they are
 * all reported, so SQS redelivers them (and, past the receive count, moves them to the dead-letter queue).
 */
export function sqsBatchWorker<S extends z.ZodType>(
  options: SqsBatchWorkerOptions<S>,
): (event: SQSEvent, context: Context) => Promise<SQSBatchResponse> {
  return async (event, context) => {
    const started = Date.now()
    const failed: string[] = []
    const parsed: { record: SQSRecord; message: z.infer<S> }[] = []
    for (const record of event.Records)
      try {
        parsed.push({ record, message: options.schema.parse(JSON.parse(record.body)) })
      } catch (error) {
        options.log.error(options.failure, { error, messageId: record.messageId })
        failed.push(record.messageId)
      }
    let handled = true
    if (parsed.length > 0)
      try {
        await options.handleBatch(
          parsed.map((entry) => entry.message),
          context,
        )
      } catch (error) {
        handled = false
        options.log.error(options.failure, {
          error,
          messageIds: parsed.map((entry) => entry.record.messageId),
        })
        failed.push(...parsed.map((entry) => entry.record.messageId))
      }
    const time = milliseconds(Date.now() - started)
    if (failed.length > 0)
      options.metrics.publish({ result: 'failed' }, { SqsRecords: count(failed.length), SqsRecordTime: time })
    if (handled && parsed.length > 0)
      options.metrics.publish(
        { result: 'handled' },
        { SqsRecords: count(parsed.length), SqsRecordTime: time },
      )
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) }
  }
}
