import type { Logger } from '../log'
import type { DomainEvent, EventType } from './catalog'
import { claim, completeClaim, releaseClaim } from './claims.repo'
import { markDispatched } from './outbox.repo'

export interface SubscriberContext {
  log?: Logger
}

export interface Subscriber<T extends EventType = EventType> {
  /** `<domain>.<what it does>`: the claim key, so renaming a subscriber makes it run again for pending events. */
  name: string
  type: T
  handle(event: DomainEvent<T>, context: SubscriberContext): Promise<void>
}

/** How a domain declares a subscriber in its `subscribers.ts`. */
export function on<T extends EventType>(
  type: T,
  name: string,
  handle: (event: DomainEvent<T>, context: SubscriberContext) => Promise<void>,
): Subscriber {
  return { type, name, handle: handle as Subscriber['handle'] }
}

export interface DispatchFailure {
  eventId: string
  type: EventType
  subscriber: string
  reason: string
}

export interface DispatchResult {
  /** Events every subscriber has handled (now marked dispatched). */
  dispatched: string[]
  failed: DispatchFailure[]
}

export interface DispatchOptions extends SubscriberContext {
  /** A claim older than this is taken to belong to a crashed run (keep it above the dispatcher's timeout). */
  leaseMs?: number
}

export const DEFAULT_LEASE_MS = 5 * 60_000

/**
 * Delivers each event at least once to its subscribers and each subscriber handles it at most once (claims by
 * event id and subscriber name). An event's subscribers run one after another in registration order, and the
 * first failure stops that event: the rest run on the retry, which skips those already done. So a subscriber
 * registered after another may rely on it having run (purge is registered last). Failures are returned, never
 * swallowed: the caller retries them (the stream's retries, the local poller's next pass).
 */
export async function dispatch(
  events: readonly DomainEvent[],
  subscribers: readonly Subscriber[],
  options: DispatchOptions = {},
): Promise<DispatchResult> {
  const result: DispatchResult = { dispatched: [], failed: [] }
  for (const event of events) {
    let failure: DispatchFailure | undefined
    try {
      failure = await deliver(event, subscribers, options)
      if (!failure) await markDispatched(event.id)
    } catch (error) {
      // Claims or the dispatched mark could not be written: the whole event is retried.
      failure = { eventId: event.id, type: event.type, subscriber: '(dispatcher)', reason: reasonOf(error) }
    }
    if (failure) {
      result.failed.push(failure)
      options.log?.error('event.subscriber_failed', { ...failure })
    } else {
      result.dispatched.push(event.id)
    }
  }
  return result
}

async function deliver(
  event: DomainEvent,
  subscribers: readonly Subscriber[],
  options: DispatchOptions,
): Promise<DispatchFailure | undefined> {
  const log = options.log?.child({ eventId: event.id, eventType: event.type })
  for (const subscriber of subscribers.filter((candidate) => candidate.type === event.type)) {
    const taken = await claim(event.id, subscriber.name, options.leaseMs ?? DEFAULT_LEASE_MS)
    if (taken.outcome === 'done') continue
    const failure = { eventId: event.id, type: event.type, subscriber: subscriber.name }
    if (taken.outcome === 'busy') return { ...failure, reason: 'another run is handling it' }
    try {
      await subscriber.handle(event, { log: log?.child({ subscriber: subscriber.name }) })
    } catch (error) {
      const reason = reasonOf(error)
      await releaseClaim(event.id, subscriber.name, taken.token, reason)
      return { ...failure, reason }
    }
    await completeClaim(event.id, subscriber.name, taken.token)
    log?.info('event.handled', { subscriber: subscriber.name })
  }
  return undefined
}

const reasonOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error)
