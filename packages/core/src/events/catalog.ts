/**
 * The event catalog lives in contracts (`@app/contracts` events/catalog.ts), so the public API's webhooks and the
 * frontend name the same types; core's events/ uses it from here.
 */
export {
  type AnyDomainEvent,
  type DomainEvent,
  DomainEventSchema,
  EVENT_PAYLOADS,
  EVENT_TYPES,
  type EventPayload,
  type EventType,
  type Principal,
  parseDomainEvent,
} from '@app/contracts'
