import type { LocalStackPluginOptions } from './local-stack-plugin'
import { localSecurityHeaders } from './security-headers'
import { startStaticWebServer } from './static-server'
import type { WebServer } from './vite-server'
import { ensureWebBuild, type WebBuilder, type WebSources, webSources } from './web-build'

export interface WebAppOptions extends Omit<LocalStackPluginOptions, 'headers'> {
  port: number
  /** Origins the app calls besides its own (Cognito, S3): the CSP's `connect-src`. */
  connectOrigins: string[]
  frontendDir: string
  /** The Vite dev server with HMR (`npm run dev`) instead of the production bundle. */
  devServer?: boolean
  /** An already built bundle to serve as is (e2e builds one per run). */
  distDir?: string
  /** Where the production bundle is built and kept (`<dataDir>/web`). */
  cacheDir: string
  /** Tests replace `vite build`. */
  build?: WebBuilder
  sources?: WebSources
  log?: (line: string) => void
}

/**
 * The web app as `npm start` serves it: the production bundle (built when its sources changed) with the
 * production CSP, as CloudFront serves it — or, for `npm run dev`, the Vite dev server with the CSP's dev
 * allowances.
 */
export async function startWebApp(options: WebAppOptions): Promise<WebServer> {
  const { port, apiUrl, appConfig, connectOrigins } = options
  if (options.devServer) {
    const { startWebServer } = await import('./vite-server')
    return startWebServer({
      port,
      apiUrl,
      appConfig,
      frontendDir: options.frontendDir,
      headers: localSecurityHeaders(connectOrigins),
    })
  }
  const distDir =
    options.distDir ??
    (
      await ensureWebBuild({
        cacheDir: options.cacheDir,
        sources: options.sources ?? webSources(options.frontendDir),
        build: options.build,
        log: options.log,
      })
    ).distDir
  return startStaticWebServer({
    port,
    apiUrl,
    appConfig,
    distDir,
    headers: localSecurityHeaders(connectOrigins, { devServer: false }),
  })
}
