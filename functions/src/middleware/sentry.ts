import { scrubQueryString, scrubUrl } from '@app/contracts'
import type { MiddlewareObj } from '@middy/core'
import { env } from '../env'

type SentryModule = typeof import('@sentry/aws-serverless')
type SentryOptions = NonNullable<Parameters<SentryModule['init']>[0]>
type SentryEvent = Parameters<NonNullable<SentryOptions['beforeSend']>>[0]
type SentryBreadcrumb = Parameters<NonNullable<SentryOptions['beforeBreadcrumb']>>[0]

let sentry: Promise<SentryModule> | undefined

/** Sentry loads only when a DSN is configured, so a deployment without it pays nothing at cold start. */
function loadSentry(dsn: string): Promise<SentryModule> {
  sentry ??= import('@sentry/aws-serverless').then((module) => {
    module.init({
      dsn,
      environment: env.stage,
      tracesSampleRate: 0.1,
      sendDefaultPii: false,
      beforeSend: scrubSentryEvent,
      beforeBreadcrumb: scrubSentryBreadcrumb,
    })
    return module
  })
  return sentry
}

/**
 * The path of a request as logs and Sentry record it: the raw path and its query with secret values (`token`,
 * `sig`, `code`, `key` …, contracts' `scrubUrl`) filtered out.
 */
export function requestPath(event: { rawPath?: string; rawQueryString?: string }): string {
  const query = event.rawQueryString ? `?${scrubQueryString(event.rawQueryString)}` : ''
  return `${event.rawPath ?? ''}${query}`
}

function scrubData<T extends Record<string, unknown> | undefined>(data: T): T {
  if (!data) return data
  return Object.fromEntries(
    Object.entries(data).map(([name, value]) => [name, typeof value === 'string' ? scrubUrl(value) : value]),
  ) as T
}

/** Outgoing HTTP breadcrumbs (AWS SDK, Stripe) keep their address without secret query values. */
export function scrubSentryBreadcrumb(breadcrumb: SentryBreadcrumb): SentryBreadcrumb {
  return { ...breadcrumb, data: scrubData(breadcrumb.data) }
}

/** An event's request URL, query string, breadcrumbs and extra `path` without secret query values. */
export function scrubSentryEvent<T extends SentryEvent>(event: T): T {
  const scrubbed: T = { ...event }
  if (event.request) {
    scrubbed.request = {
      ...event.request,
      url: event.request.url === undefined ? undefined : scrubUrl(event.request.url),
      query_string:
        typeof event.request.query_string === 'string'
          ? scrubQueryString(event.request.query_string)
          : event.request.query_string === undefined
            ? undefined
            : '[Filtered]',
    }
  }
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubSentryBreadcrumb)
  if (event.extra) scrubbed.extra = scrubData(event.extra)
  return scrubbed
}

export async function reportError(error: unknown, context: Record<string, unknown>): Promise<void> {
  if (!env.sentryDsn) return
  const module = await loadSentry(env.sentryDsn)
  module.captureException(error, { extra: context })
  await module.flush(2000)
}

export function sentryMiddleware(): MiddlewareObj {
  return {
    before: async () => {
      if (env.sentryDsn) await loadSentry(env.sentryDsn)
    },
  }
}
