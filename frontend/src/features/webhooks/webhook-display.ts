import {
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@app/contracts'
import { WebhookUrlSchema } from '@app/contracts/webhooks/schemas'
import type { BadgeColor } from '../../components/ui/badge'

export type WebhookEventGroup = (typeof WEBHOOK_EVENT_GROUPS)[number]
type Attempt = WebhookDelivery['attempts'][number]

/** Events sent without being chosen: the test event ("Send test event"). */
const OTHER_LABELS: Record<string, string> = { 'webhook_endpoint.tested': 'Test event' }

/** "Campaign paused", as the endpoint form lists it; the type itself for one it does not know. */
export function eventTypeLabel(type: string): string {
  for (const group of WEBHOOK_EVENT_GROUPS)
    for (const entry of group.types) if (entry.type === type) return entry.label
  return OTHER_LABELS[type] ?? type
}

/** Chosen types in the form's order (the catalog's), each once. */
export function inCatalogOrder(types: Iterable<string>): WebhookEventType[] {
  const chosen = new Set(types)
  return WEBHOOK_EVENT_TYPES.filter((type) => chosen.has(type))
}

/** Whether a group's "select all" box is ticked, empty or in between. */
export function groupSelection(group: WebhookEventGroup, chosen: readonly string[]): 'all' | 'some' | 'none' {
  const ticked = group.types.filter((entry) => chosen.includes(entry.type)).length
  return ticked === 0 ? 'none' : ticked === group.types.length ? 'all' : 'some'
}

/** The choice after ticking (or clearing) one type, or a whole group with its "select all" box. */
export function toggleTypes(
  chosen: readonly string[],
  types: readonly WebhookEventType[],
  on: boolean,
): WebhookEventType[] {
  const next = new Set(chosen)
  for (const type of types) {
    if (on) next.add(type)
    else next.delete(type)
  }
  return inCatalogOrder(next)
}

/** Why the form cannot send this URL yet (the server then checks where its host resolves), or undefined. */
export function urlProblem(url: string): string | undefined {
  const trimmed = url.trim()
  if (!trimmed) return 'Give the address that receives the events.'
  if (!WebhookUrlSchema.safeParse(trimmed).success)
    return 'Give a full https address, e.g. https://example.com/webhooks/ses-studio.'
  return undefined
}

/** "3 event types" */
export const eventCountText = (endpoint: Pick<WebhookEndpoint, 'eventTypes'>) =>
  `${endpoint.eventTypes.length} event type${endpoint.eventTypes.length === 1 ? '' : 's'}`

/** A delivery's state in words: delivered, failed, or still being attempted (retrying after a failure). */
export function deliveryStatusText(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): {
  label: string
  color: BadgeColor
} {
  if (delivery.status === 'succeeded') return { label: 'Delivered', color: 'green' }
  if (delivery.status === 'failed') return { label: 'Failed', color: 'red' }
  return delivery.attempts.length === 0
    ? { label: 'Sending', color: 'blue' }
    : { label: 'Retrying', color: 'yellow' }
}

export const lastAttempt = (delivery: Pick<WebhookDelivery, 'attempts'>): Attempt | undefined =>
  delivery.attempts.at(-1)

/** "HTTP 200", or "No answer" when none came (timeout, refused address, connection error). */
export const responseText = (attempt: Pick<Attempt, 'statusCode'> | undefined) =>
  attempt === undefined ? '—' : attempt.statusCode === null ? 'No answer' : `HTTP ${attempt.statusCode}`

/** "85 ms", "1.2 s" */
export function durationText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`
}

/** "1 attempt", "3 attempts" */
export const attemptsText = (count: number) => `${count} attempt${count === 1 ? '' : 's'}`

/** "Mar 5, 2026, 4:05:09 PM" (seconds: deliveries of one minute must be told apart). */
export function dateTimeText(iso: string, locale = 'en-US', timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  }).format(Date.parse(iso))
}

/** The body as sent, indented when it is JSON (it always is; anything else is shown as it came). */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}
