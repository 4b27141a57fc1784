import { scrubQueryString, scrubUrl } from '@app/contracts'
import type { Breadcrumb, Event, withStreamedSpan } from '@sentry/react'

type StreamedSpanJSON = Parameters<Parameters<typeof withStreamedSpan>[0]>[0]

/**
 * Filters secrets out of every address the browser SDK records (contracts' `scrubUrl`: `token`, `sig`, `code`,
 * `key` … values and `#token=` fragments). Loaded with the SDK, never on a page without monitoring.
 * Wired in `monitoring.ts`: `beforeSend`/`beforeSendTransaction` and a client event processor (replay events)
 * take `scrubEvent`, `beforeBreadcrumb` takes `scrubBreadcrumb`, the replay's `beforeAddRecordingEvent` takes
 * `scrubRecordingEvent`.
 */

/** Breadcrumb and span data fields that hold an address (navigation, fetch/xhr, resource timings). */
const URL_FIELDS = [
  'url',
  'from',
  'to',
  'previous',
  'http.url',
  'url.full',
  'http.query',
  'http.fragment',
  'url.query',
  'href',
]

function scrubString(value: unknown): unknown {
  return typeof value === 'string' ? scrubUrl(value) : value
}

function scrubFields<T extends Record<string, unknown> | undefined>(data: T): T {
  if (!data) return data
  const copy: Record<string, unknown> = { ...data }
  for (const field of URL_FIELDS) if (field in copy) copy[field] = scrubString(copy[field])
  return copy as T
}

export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  const scrubbed: Breadcrumb = { ...breadcrumb, data: scrubFields(breadcrumb.data) }
  // Navigation and fetch messages can carry the address too (e.g. a console line that prints it).
  if (typeof breadcrumb.message === 'string') scrubbed.message = scrubUrl(breadcrumb.message)
  return scrubbed
}

type ScrubbableEvent = Event & { urls?: unknown }

export function scrubEvent<T extends ScrubbableEvent>(event: T): T {
  const scrubbed: T = { ...event }
  if (event.request) {
    const request = { ...event.request }
    if (request.url) request.url = scrubUrl(request.url)
    if (typeof request.query_string === 'string')
      request.query_string = scrubQueryString(request.query_string)
    else if (request.query_string)
      request.query_string = scrubQueryString(
        new URLSearchParams(request.query_string as Record<string, string>).toString(),
      )
    if (request.headers) {
      request.headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [
          name,
          /^referr?er$/i.test(name) ? scrubUrl(value) : value,
        ]),
      )
    }
    scrubbed.request = request
  }
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb)
  if (typeof event.transaction === 'string') scrubbed.transaction = scrubUrl(event.transaction)
  if (event.spans) {
    scrubbed.spans = event.spans.map((span) => ({
      ...span,
      description: typeof span.description === 'string' ? scrubUrl(span.description) : span.description,
      data: scrubFields(span.data),
    }))
  }
  if (event.contexts?.trace?.data) {
    scrubbed.contexts = {
      ...event.contexts,
      trace: { ...event.contexts.trace, data: scrubFields(event.contexts.trace.data) },
    }
  }
  // Replay events list the addresses the session visited.
  if (Array.isArray(event.urls)) scrubbed.urls = event.urls.map(scrubString)
  return scrubbed
}

/** A streamed span (page loads, navigations, fetch/xhr/resource spans): its name and attributes. */
export function scrubSpan(span: StreamedSpanJSON): StreamedSpanJSON {
  return { ...span, name: scrubUrl(span.name), attributes: scrubFields(span.attributes) }
}

/** rrweb/replay recording events: meta (type 4) holds the page address; custom events (5) spans and breadcrumbs. */
interface RecordingEvent {
  type: number
  data: unknown
  timestamp?: number
}

export function scrubRecordingEvent<T extends RecordingEvent>(event: T): T {
  const data = event.data as Record<string, unknown> | undefined
  if (!data || typeof data !== 'object') return event
  if (event.type === 4 && typeof data.href === 'string')
    return { ...event, data: { ...data, href: scrubUrl(data.href) } }
  if (event.type !== 5) return event
  const payload = data.payload as Record<string, unknown> | undefined
  if (!payload || typeof payload !== 'object') return event
  if (data.tag === 'breadcrumb') {
    return { ...event, data: { ...data, payload: scrubBreadcrumb(payload as Breadcrumb) } }
  }
  if (data.tag === 'performanceSpan') {
    return {
      ...event,
      data: {
        ...data,
        payload: {
          ...payload,
          description: scrubString(payload.description),
          data: scrubFields(payload.data as Record<string, unknown> | undefined),
        },
      },
    }
  }
  return event
}
