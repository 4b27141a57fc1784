import { unmarshall } from '@aws-sdk/util-dynamodb'
import type { DomainEvent } from './catalog'
import { type DispatchOptions, dispatch, type SubscriberRoutes } from './dispatch'
import { eventOfItem, OUTBOX_ENTITY } from './outbox'

/** The part of a DynamoDB stream record the dispatcher reads (as `aws-lambda`'s `DynamoDBRecord` has it). */
export interface OutboxStreamRecord {
  eventName?: string
  dynamodb?: { NewImage?: Record<string, unknown>; SequenceNumber?: string }
}

export interface StreamBatchResponse {
  batchItemFailures: { itemIdentifier: string }[]
}

/** The event a stream record inserted, or null for any other record (the event source filter lets few through). */
export function eventOfStreamRecord(record: OutboxStreamRecord): DomainEvent | null {
  const image = record.dynamodb?.NewImage
  if (record.eventName !== 'INSERT' || !image) return null
  const item = unmarshall(image as Parameters<typeof unmarshall>[0])
  return item.entity === OUTBOX_ENTITY ? eventOfItem(item) : null
}

/**
 * Dispatches a stream batch in order and answers Lambda's partial batch response: the first record that failed
 * (a send to a subscriber queue, an inline subscriber, or an item the catalog refuses), so the stream retries from there, and later records again
 * with it (their subscribers skip what they already did). Lambda's retries, bisection and on-failure
 * destination take it from there.
 */
export async function dispatchStreamRecords(
  records: readonly OutboxStreamRecord[],
  routes: SubscriberRoutes,
  options: DispatchOptions = {},
): Promise<StreamBatchResponse> {
  for (const record of records) {
    const sequenceNumber = record.dynamodb?.SequenceNumber ?? ''
    let event: DomainEvent | null
    try {
      event = eventOfStreamRecord(record)
    } catch (error) {
      options.log?.error('event.unreadable', { sequenceNumber, error })
      return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] }
    }
    if (!event) continue
    const { failed } = await dispatch([event], routes, options)
    if (failed.length > 0) return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] }
  }
  return { batchItemFailures: [] }
}
