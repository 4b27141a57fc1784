import type { AppConfig } from '@app/contracts'
import { APP_CONFIG_PATH, MONITORING_TUNNEL_PATH } from '@app/contracts'
import type { Plugin } from 'vite'

export interface LocalStackPluginOptions {
  /** The local API gateway; `/api` is proxied there as CloudFront's `/api/*` behaviour does. */
  apiUrl: string
  /** Settles once the user pool exists; the dev server starts before that. */
  appConfig: Promise<AppConfig>
  headers: Record<string, string>
}

/**
 * What the local stack adds to the frontend's own Vite config (which knows nothing about endpoints): the
 * `/api` proxy, `/app-config.json`, and the security headers CloudFront would send.
 */
export function localStackPlugin(options: LocalStackPluginOptions): Plugin {
  const appConfig = options.appConfig.then((config) => JSON.stringify(config))
  appConfig.catch(() => {}) // a failed start is reported by the launcher, not here
  return {
    name: 'ses-studio:local-stack',
    config: () => ({
      server: {
        proxy: Object.fromEntries(
          ['/api', MONITORING_TUNNEL_PATH].map((path) => [
            path,
            { target: options.apiUrl, changeOrigin: false, xfwd: true },
          ]),
        ),
      },
    }),
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        for (const [name, value] of Object.entries(options.headers)) response.setHeader(name, value)
        if (request.url?.split('?')[0] !== APP_CONFIG_PATH) return next()
        appConfig.then((body) => {
          response.setHeader('content-type', 'application/json')
          response.setHeader('cache-control', 'no-store')
          response.end(body)
        }, next)
      })
    },
  }
}
