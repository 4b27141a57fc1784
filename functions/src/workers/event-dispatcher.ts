import { createLogger } from '@app/core'
import { SUBSCRIBER_ROUTES } from '@app/core/event-subscribers'
import { dispatchStreamRecords, type StreamBatchResponse } from '@app/core/events/stream'
import type { DynamoDBStreamEvent } from 'aws-lambda'
import { env } from '../env'

const log = createLogger({ service: 'event-dispatcher' }, env.logLevel)

/**
 * Outbox items from the table's stream (the event source lets only inserted outbox items through): each event sent
 * to the queues of the subscribers that take its type, and run by the inline ones (core `event-subscribers.ts`).
 * Locally the outbox poller calls this same handler with the pending items.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<StreamBatchResponse> {
  return dispatchStreamRecords(event.Records, SUBSCRIBER_ROUTES, { log })
}
