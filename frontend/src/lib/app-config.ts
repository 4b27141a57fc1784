import { APP_CONFIG_PATH, type AppConfig, AppConfigSchema } from '@app/contracts'

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
