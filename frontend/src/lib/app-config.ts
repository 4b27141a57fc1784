import { APP_CONFIG_PATH, type AppConfig, AppConfigSchema } from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'

let pending: Promise<AppConfig> | undefined

async function fetchAppConfig(): Promise<AppConfig> {
  const response = await fetch(APP_CONFIG_PATH, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`Could not load ${APP_CONFIG_PATH} (HTTP ${response.status}).`)
  return AppConfigSchema.parse(await response.json())
}

/** The deployment's runtime settings, fetched once per page load (a failed fetch is retried next time). */
export function loadAppConfig(): Promise<AppConfig> {
  if (!pending) {
    pending = fetchAppConfig()
    pending.catch(() => {
      pending = undefined
    })
  }
  return pending
}

/** The same settings for components (the Admin Panel entry, monitoring); never refetched. */
export const appConfigQuery = () =>
  queryOptions({
    queryKey: ['app-config'] as const,
    queryFn: loadAppConfig,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })
