import { platformRoutes } from '@app/contracts/platform/routes'
import { AppError } from '@app/core'
import { env } from '../env'
import { endpointGroup } from '../middleware/endpoint-group'
import { envelopeTarget } from './error-tunnel-envelope'

/** Spec §7/§9: the browser's session replays and errors reach Sentry through our own origin. */
export const handler = endpointGroup('error-tunnel', platformRoutes, {
  forwardMonitoringEnvelope: async ({ body, log }) => {
    if (!env.sentryDsn) throw new AppError('route.not_found', 'Browser monitoring is not configured.')
    const target = envelopeTarget(body, env.sentryDsn)
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body,
      signal: AbortSignal.timeout(5000),
    }).catch((error: unknown) => {
      // Monitoring must never break the app: a lost envelope is logged, not surfaced.
      log.warn('monitoring.forward_failed', { error })
      return undefined
    })
    if (response && !response.ok) log.warn('monitoring.rejected', { status: response.status })
  },
})
