import type { MiddlewareObj } from '@middy/core'
import { env } from '../env'

type SentryModule = typeof import('@sentry/aws-serverless')

let sentry: Promise<SentryModule> | undefined

/** Sentry loads only when a DSN is configured, so a deployment without it pays nothing at cold start. */
function loadSentry(dsn: string): Promise<SentryModule> {
  sentry ??= import('@sentry/aws-serverless').then((module) => {
    module.init({ dsn, environment: env.stage, tracesSampleRate: 0.1, sendDefaultPii: false })
    return module
  })
  return sentry
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
