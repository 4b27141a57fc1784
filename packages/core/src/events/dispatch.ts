import { SendMessageBatchCommand } from '@aws-sdk/client-sqs'
import { sqs } from '../aws'
import type { Logger } from '../log'
import type { DomainEvent, EventType } from './catalog'
import { claim, completeClaim, isClaimDone, releaseClaim } from './claims.repo'
import { markDispatched } from './outbox.repo'

export interface SubscriberContext {
  log?: Logger
}

export interface Subscriber<T extends EventType = EventType> {
  /** `<domain>.<what it does>`: the claim key, so renaming a subscriber makes it run again for pending events. */
  name: string
  /** The one event type it takes: the fan-out hands it nothing else. */
  type: T
  /**
   * Subscribers of the same event that must have handled it first (purge after monitoring removal). It is not
   * fanned out: it runs where its last predecessor finishes (so it lives in the same queue, or inline with it).
   */
  after?: readonly string[]
  handle(event: DomainEvent<T>, context: SubscriberContext): Promise<void>
}

/** How a domain declares a subscriber in its `subscribers.ts`. */
export function on<T extends EventType>(
  type: T,
  name: string,
  handle: (event: DomainEvent<T>, context: SubscriberContext) => Promise<void>,
  options: { after?: readonly string[] } = {},
): Subscriber {
  return { type, name, handle: handle as Subscriber['handle'], ...options }
}

/** A subscriber queue: its worker runs these subscribers, one `{ subscriber, event }` message at a time. */
export interface SubscriberQueue {
  name: string
  /** Read when an event is sent, so a function that never sends need not have it. */
  url: () => string
  subscribers: readonly Subscriber[]
}

/**
 * Where each subscriber runs: `inline` ones in the dispatcher itself (table-only work, no outside I/O), the rest
 * in their queue's worker.
 */
export interface SubscriberRoutes {
  inline: readonly Subscriber[]
  queues: readonly SubscriberQueue[]
}

/** The body of a subscriber queue's message (read by `queued.ts` `SubscriberMessageSchema`). */
export interface SubscriberMessage {
  subscriber: string
  event: DomainEvent
}

export interface DispatchFailure {
  eventId: string
  type: EventType
  subscriber: string
  reason: string
}

export interface DispatchResult {
  /** Events handed to every subscriber queue and handled by every inline subscriber (now marked dispatched). */
  dispatched: string[]
  failed: DispatchFailure[]
}

export interface DispatchOptions extends SubscriberContext {
  /** A claim older than this is taken to belong to a crashed run (keep it above the function's timeout). */
  leaseMs?: number
}

export const DEFAULT_LEASE_MS = 5 * 60_000

/** Who takes an event: the inline subscribers to run and the queued ones to send it to (by type, no `after`). */
export function fanOut(event: DomainEvent, routes: SubscriberRoutes) {
  const takes = (subscriber: Subscriber) => subscriber.type === event.type && !subscriber.after?.length
  return {
    inline: routes.inline.filter(takes),
    queued: routes.queues.flatMap((queue) =>
      queue.subscribers.filter(takes).map((subscriber) => ({ queue, subscriber: subscriber.name })),
    ),
  }
}

/**
 * Hands each event to its subscribers, at least once each: a message per queued subscriber on that subscriber's
 * queue (retried there alone, by SQS), and each inline subscriber run here. Inline subscribers do not wait for one
 * another: a failing one is reported and the others still run. An event is marked dispatched once every message
 * is sent and every inline subscriber is done; otherwise the caller retries it (the stream's retries, the local
 * poller's next pass): messages are sent again (their workers skip what is done) and inline subscribers already
 * done are skipped.
 */
export async function dispatch(
  events: readonly DomainEvent[],
  routes: SubscriberRoutes,
  options: DispatchOptions = {},
): Promise<DispatchResult> {
  const result: DispatchResult = { dispatched: [], failed: [] }
  for (const event of events) {
    const { inline, queued } = fanOut(event, routes)
    const failures: DispatchFailure[] = []
    try {
      await sendToQueues(event, queued)
    } catch (error) {
      failures.push({ eventId: event.id, type: event.type, subscriber: '(fan-out)', reason: reasonOf(error) })
    }
    for (const subscriber of inline)
      failures.push(...(await runSubscriber(event, subscriber, routes.inline, options)))
    if (failures.length === 0)
      try {
        await markDispatched(event.id)
      } catch (error) {
        failures.push({
          eventId: event.id,
          type: event.type,
          subscriber: '(dispatcher)',
          reason: reasonOf(error),
        })
      }
    if (failures.length === 0) result.dispatched.push(event.id)
    for (const failure of failures) {
      result.failed.push(failure)
      options.log?.error('event.subscriber_failed', { ...failure })
    }
  }
  return result
}

async function sendToQueues(event: DomainEvent, queued: { queue: SubscriberQueue; subscriber: string }[]) {
  const byQueue = new Map<SubscriberQueue, string[]>()
  for (const { queue, subscriber } of queued) byQueue.set(queue, [...(byQueue.get(queue) ?? []), subscriber])
  for (const [queue, subscribers] of byQueue)
    for (let start = 0; start < subscribers.length; start += 10) {
      const entries = subscribers.slice(start, start + 10).map((subscriber, index) => ({
        Id: String(index),
        MessageBody: JSON.stringify({ subscriber, event } satisfies SubscriberMessage),
      }))
      const { Failed } = await sqs().send(
        new SendMessageBatchCommand({ QueueUrl: queue.url(), Entries: entries }),
      )
      if (Failed?.length) throw new Error(`${queue.name}: ${Failed[0]?.Code} ${Failed[0]?.Message ?? ''}`)
    }
}

/**
 * Runs one subscriber for one event at most once (its claim: `running` with a lease, then `done`), then those of
 * `group` that run `after` it once all their predecessors are done. Answers the failures (none: all handled).
 */
export async function runSubscriber(
  event: DomainEvent,
  subscriber: Subscriber,
  group: readonly Subscriber[],
  options: DispatchOptions = {},
): Promise<DispatchFailure[]> {
  const failure = { eventId: event.id, type: event.type, subscriber: subscriber.name }
  const taken = await claim(event.id, subscriber.name, options.leaseMs ?? DEFAULT_LEASE_MS).catch(
    (error: unknown) => ({ outcome: 'error' as const, reason: reasonOf(error) }),
  )
  if (taken.outcome === 'error') return [{ ...failure, reason: taken.reason }]
  if (taken.outcome === 'busy') return [{ ...failure, reason: 'another run is handling it' }]
  if (taken.outcome === 'claimed') {
    const log = options.log?.child({ eventId: event.id, eventType: event.type, subscriber: subscriber.name })
    try {
      await subscriber.handle(event, { log })
    } catch (error) {
      const reason = reasonOf(error)
      await releaseClaim(event.id, subscriber.name, taken.token, reason).catch(() => undefined)
      return [{ ...failure, reason }]
    }
    try {
      await completeClaim(event.id, subscriber.name, taken.token)
    } catch (error) {
      return [{ ...failure, reason: reasonOf(error) }]
    }
    log?.info('event.handled')
  }
  // Done now or before (a retry after a dependent failed): its dependents whose predecessors are all done run now.
  const failures: DispatchFailure[] = []
  for (const next of group) {
    if (next.type !== event.type || !next.after?.includes(subscriber.name)) continue
    const others = next.after.filter((name) => name !== subscriber.name)
    const ready = (await Promise.all(others.map((name) => isClaimDone(event.id, name)))).every(Boolean)
    if (ready) failures.push(...(await runSubscriber(event, next, group, options)))
  }
  return failures
}

const reasonOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error)
