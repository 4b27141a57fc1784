import { createLogger, Purge } from '@app/core'
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda'
import { env } from '../env'

const log = createLogger({ service: 'purge-worker' }, env.logLevel)

async function handleRecord(record: SQSRecord): Promise<void> {
  const message = Purge.PurgeMessageSchema.parse(JSON.parse(record.body))
  const outcome = await Purge.purgePass(message)
  // Large organizations are removed a pass at a time; the next pass is a new message.
  if (outcome === 'more') await Purge.enqueuePurge(message)
  log.info('purge.pass', { ...message, outcome, messageId: record.messageId })
}

/** Removes what deleted organizations (and deleted AWS connections) owned. Each record on its own; failures are retried, then dead-lettered. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = []
  for (const record of event.Records) {
    try {
      await handleRecord(record)
    } catch (error) {
      log.error('purge.failed', { error, messageId: record.messageId })
      batchItemFailures.push({ itemIdentifier: record.messageId })
    }
  }
  return { batchItemFailures }
}
