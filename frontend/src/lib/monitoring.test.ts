import { MONITORING_TUNNEL_PATH } from '@app/contracts'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const init = vi.fn()
vi.mock('@sentry/react', () => ({
  init,
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
  replayIntegration: (options: unknown) => ({ name: 'Replay', options }),
}))

const { MONITORING_TUNNEL, startMonitoring } = await import('./monitoring')

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
            },
          },
        ],
      }),
    )
    expect(MONITORING_TUNNEL).toBe(MONITORING_TUNNEL_PATH)
  })
})
