import * as z from 'zod'
import { type DomainEvent, parseDomainEvent } from './catalog'
import { type DispatchOptions, runSubscriber, type SubscriberQueue } from './dispatch'

/*
 * The worker side of subscriber queues, apart from `dispatch.ts`: parsing a message reads the whole event catalog,
 * which only these workers need (every domain's `subscribers.ts` imports `on`, and API bundles have a budget).
 */

/** The body of a subscriber queue's message: the subscriber to run and the event (checked by the catalog). */
export const SubscriberMessageSchema = z.object({
  subscriber: z.string().min(1),
  event: z.unknown().transform((event) => parseDomainEvent(event) as DomainEvent),
})

/**
 * A subscriber queue's worker: runs the message's subscriber (and its dependents in the queue) and throws when
 * any failed, so SQS redelivers that message alone; what is done is skipped on the redelivery.
 */
export async function runQueuedSubscriber(
  message: z.infer<typeof SubscriberMessageSchema>,
  queue: Pick<SubscriberQueue, 'name' | 'subscribers'>,
  options: DispatchOptions = {},
): Promise<void> {
  const subscriber = queue.subscribers.find((candidate) => candidate.name === message.subscriber)
  if (!subscriber || subscriber.type !== message.event.type)
    throw new Error(`${queue.name} has no subscriber ${message.subscriber} of ${message.event.type}`)
  const failures = await runSubscriber(message.event, subscriber, queue.subscribers, options)
  if (failures.length > 0)
    throw new Error(failures.map((failure) => `${failure.subscriber}: ${failure.reason}`).join('; '))
}
