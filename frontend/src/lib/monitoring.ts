import type { AppConfig } from '@app/contracts'
import { loadAppConfig } from './app-config'

/**
 * Where the browser sends monitoring envelopes: the spec's tunnel path, the API route `POST /monitoring` that
 * forwards only envelopes for this deployment's DSN (CloudFront and the local servers route it to the API).
 * A literal here, equal to the contracts' MONITORING_TUNNEL_PATH (tested), keeps zod off public pages.
 */
export const MONITORING_TUNNEL = '/monitoring'

/** Spec §9. */
export const MONITORING_SAMPLING = {
  tracesSampleRate: 0.1,
  replaysSessionSampleRate: 0.01,
  replaysOnErrorSampleRate: 1.0,
} as const

/** Spec §9 session replay: everything masked, 5–5.5 s flushes, 4999 ms minimum (Sentry caps it at 15000). */
export const REPLAY_OPTIONS = {
  maskAllText: true,
  blockAllMedia: true,
  flushMinDelay: 5000,
  flushMaxDelay: 5500,
  minReplayDuration: 4999,
  maxReplayDuration: 3_600_000,
  mutationLimit: 10_000,
  mutationBreadcrumbLimit: 750,
  slowClickTimeout: 7000,
  // Request and response details (headers, bodies) stay out of replays for every address.
  networkDetailAllowUrls: [] as (string | RegExp)[],
  networkCaptureBodies: false,
} as const

/** Starts browser monitoring when the deployment has a DSN; the SDK is downloaded only then. */
export async function startMonitoring(config: Pick<AppConfig, 'sentryDsn' | 'stage'>): Promise<boolean> {
  if (!config.sentryDsn) return false
  const [Sentry, { scrubBreadcrumb, scrubEvent, scrubRecordingEvent, scrubSpan }] = await Promise.all([
    import('@sentry/react'),
    import('./sentry-scrub'),
  ])
  // Secrets in addresses (`token`, `sig`, `code` … values, `#token=` fragments) are filtered out of every
  // event, transaction, breadcrumb and replay before anything leaves the browser.
  const client = Sentry.init({
    dsn: config.sentryDsn,
    environment: config.stage,
    tunnel: MONITORING_TUNNEL,
    ...MONITORING_SAMPLING,
    beforeSend: scrubEvent,
    beforeSendSpan: Sentry.withStreamedSpan(scrubSpan),
    beforeBreadcrumb: scrubBreadcrumb,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ ...REPLAY_OPTIONS, beforeAddRecordingEvent: scrubRecordingEvent }),
    ],
  })
  // Replay events (the addresses a session visited) pass through event processors, not `beforeSend`.
  client?.addEventProcessor((event) => (event.type === 'replay_event' ? scrubEvent(event) : event))
  return true
}

/** Called once from main.tsx, after the first render; monitoring never delays or breaks the app. */
export function startMonitoringFromAppConfig(): void {
  loadAppConfig()
    .then(startMonitoring)
    .catch(() => undefined)
}
