import { createLogger } from '@app/core'
import {
  enqueueTransfer,
  runExportSlice,
  runImportSlice,
  TransferMessageSchema,
  writeImportRows,
} from '@app/core/audience/public'
import { EXPORT_SOURCES } from '@app/core/export-sources'
import { count, createMetrics, milliseconds } from '@app/core/metrics'
import { env } from '../env'
import { sqsWorker } from './sqs-worker'

const log = createLogger({ service: 'contact-transfer-worker' }, env.logLevel)
const metrics = createMetrics('contact-transfer-worker')

/** Time kept after a slice's last segment for the checkpoint, the release and the continuation. */
const SAFETY_MS = 30_000
/** Longest slice one invocation works (a continuation message carries the rest). */
const SLICE_MS = 90_000

/**
 * Contact imports and exports, a slice per message: an import's file is streamed from its checkpoint a segment of
 * rows at a time (written through the audience's upsert, then checkpointed), an export's rows (any source of
 * core's `export-sources.ts`: contacts, a campaign's recipients with an outcome) a piece at a time, until done or the slice's end, when the continuation is enqueued. A crashed slice's message comes back
 * after the visibility timeout and resumes from the last checkpoint or piece.
 */
export const handler = sqsWorker({
  schema: TransferMessageSchema,
  log,
  metrics,
  failure: 'contact_transfer.slice_failed',
  handle: async (message, record, context) => {
    const started = Date.now()
    const budget = Math.min(SLICE_MS, context.getRemainingTimeInMillis() - SAFETY_MS)
    const slice = {
      deadline: Date.now() + Math.max(budget, 1_000),
      owner: `${context.awsRequestId}/${record.messageId}`,
      log,
    }
    const kind = 'importId' in message ? 'import' : 'export'
    const outcome =
      'importId' in message
        ? await runImportSlice(message, { ...slice, write: writeImportRows })
        : await runExportSlice(message, { ...slice, sources: EXPORT_SOURCES })
    metrics.publish(
      { kind, outcome },
      { TransferSlices: count(), TransferSliceTime: milliseconds(Date.now() - started) },
    )
    if (outcome === 'more') await enqueueTransfer(message)
    log.info('contact_transfer.slice', { ...message, outcome, messageId: record.messageId })
  },
})
