import { ENV } from '@app/contracts'
import type { SnsTrust } from './sns-message'

export interface MonitoringEnv extends SnsTrust {
  /** The public URL customers' SNS topics post to. */
  eventsUrl: string
}

let parsed: MonitoringEnv | undefined

/** What monitoring needs; read on first use so other routes never depend on it. */
export function monitoringEnv(): MonitoringEnv {
  if (parsed) return parsed
  const eventsUrl = process.env[ENV.sesEventsUrl]
  if (!eventsUrl || !/^https?:\/\//.test(eventsUrl))
    throw new Error(`Invalid environment: ${ENV.sesEventsUrl}`)
  parsed = { eventsUrl, localOrigin: process.env[ENV.localSnsOrigin] || undefined }
  return parsed
}
