import type Stripe from 'stripe'
import { nowSeconds } from './clock'
import { newId } from './ids'
import type { Store } from './store'

/** The API version the SDK in this repo speaks; events say it like Stripe's do. */
export const API_VERSION = '2026-10-28.endive'

export type Emit = (
  type: Stripe.Event.Type,
  object: { id: string; object: string },
  previous?: Record<string, unknown>,
) => Stripe.Event

/** The top-level fields of `before` that differ in `after`, with their old values (`previous_attributes`). */
export function changedAttributes(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {}
  const old = before as Record<string, unknown>
  const next = after as Record<string, unknown>
  for (const key of new Set([...Object.keys(old), ...Object.keys(next)])) {
    if (JSON.stringify(old[key]) !== JSON.stringify(next[key])) previous[key] = old[key] ?? null
  }
  return previous
}

/**
 * Records each state change as a Stripe event (a snapshot of the object at that moment), in the order Stripe
 * emits them, and hands it to `deliver`.
 */
export function eventEmitter(store: Store, deliver: ((event: Stripe.Event) => void) | null): Emit {
  return (type, object, previous) => {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      type,
      data: {
        object: structuredClone(object),
        ...(previous && Object.keys(previous).length > 0
          ? { previous_attributes: structuredClone(previous) }
          : {}),
      },
      livemode: false,
      pending_webhooks: deliver ? 1 : 0,
      request: { id: null, idempotency_key: null },
    } as Stripe.Event
    store.put('events', event.id, event)
    deliver?.(event)
    return event
  }
}
