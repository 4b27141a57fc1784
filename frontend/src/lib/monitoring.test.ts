import { MONITORING_TUNNEL_PATH } from '@app/contracts'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const eventProcessors: ((event: Record<string, unknown>) => unknown)[] = []
const init = vi.fn((_options: Record<string, unknown>) => ({
  addEventProcessor: (processor: (event: Record<string, unknown>) => unknown) =>
    eventProcessors.push(processor),
}))
vi.mock('@sentry/react', () => ({
  init,
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
  replayIntegration: (options: unknown) => ({ name: 'Replay', options }),
  withStreamedSpan: (callback: unknown) => callback,
}))

const { MONITORING_TUNNEL, startMonitoring } = await import('./monitoring')
const { scrubBreadcrumb, scrubEvent, scrubRecordingEvent, scrubSpan } = await import('./sentry-scrub')

describe('startMonitoring', () => {
  beforeEach(() => init.mockClear())

  it('does nothing without a DSN', async () => {
    expect(await startMonitoring({ stage: 'prod' })).toBe(false)
    expect(init).not.toHaveBeenCalled()
  })

  it('starts Sentry with the spec §9 settings through the tunnel', async () => {
    expect(await startMonitoring({ stage: 'prod', sentryDsn: 'https://k@o1.ingest.sentry.io/2' })).toBe(true)
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://k@o1.ingest.sentry.io/2',
        environment: 'prod',
        tunnel: MONITORING_TUNNEL,
        tracesSampleRate: 0.1,
        replaysSessionSampleRate: 0.01,
        replaysOnErrorSampleRate: 1,
        integrations: [
          { name: 'BrowserTracing' },
          {
            name: 'Replay',
            options: {
              maskAllText: true,
              blockAllMedia: true,
              flushMinDelay: 5000,
              flushMaxDelay: 5500,
              minReplayDuration: 4999,
              maxReplayDuration: 3_600_000,
              mutationLimit: 10_000,
              mutationBreadcrumbLimit: 750,
              slowClickTimeout: 7000,
              networkDetailAllowUrls: [],
              networkCaptureBodies: false,
              beforeAddRecordingEvent: scrubRecordingEvent,
            },
          },
        ],
      }),
    )
    expect(MONITORING_TUNNEL).toBe(MONITORING_TUNNEL_PATH)
  })

  it('hands every event, span, breadcrumb and replay to the URL scrubbers (sentry-scrub.test.ts)', async () => {
    eventProcessors.length = 0
    await startMonitoring({ stage: 'prod', sentryDsn: 'https://k@o1.ingest.sentry.io/2' })
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        beforeSend: scrubEvent,
        beforeSendSpan: scrubSpan,
        beforeBreadcrumb: scrubBreadcrumb,
      }),
    )
    const [processor] = eventProcessors
    expect(processor?.({ type: 'replay_event', urls: ['https://a.b/join?token=inv-1'] })).toEqual({
      type: 'replay_event',
      urls: ['https://a.b/join?token=[Filtered]'],
    })
    const error = { message: 'kept as it is for beforeSend' }
    expect(processor?.(error)).toBe(error)
  })
})
