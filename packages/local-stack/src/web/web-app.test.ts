import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { contentSecurityPolicy } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localAppConfig } from './app-config'
import type { WebServer } from './vite-server'
import { startWebApp } from './web-app'
import type { WebBuilder } from './web-build'

const INDEX = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>'
const CONNECT_ORIGINS = ['http://localhost:9230', 'http://127.0.0.1:4569']
const appConfig = localAppConfig({
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  cognitoEndpoint: 'http://localhost:9230',
})

let root: string
let api: Server
let web: WebServer
let builds = 0

/** Stands in for `vite build` (the detection around it is web-build.test.ts's subject). */
const fakeBuild: WebBuilder = async (_frontendDir, outDir) => {
  builds++
  mkdirSync(join(outDir, 'assets'), { recursive: true })
  writeFileSync(join(outDir, 'index.html'), INDEX)
  writeFileSync(join(outDir, 'assets', 'index-abc.js'), 'console.log(1)')
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ses-studio-web-app-'))
  const frontendDir = join(root, 'frontend')
  mkdirSync(join(frontendDir, 'src'), { recursive: true })
  writeFileSync(join(frontendDir, 'src', 'main.tsx'), 'render()')
  api = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ path: request.url, forwardedHost: request.headers['x-forwarded-host'] }))
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  const address = api.address()
  const apiPort = typeof address === 'object' && address ? address.port : 0
  // What `npm start` asks for: the web app, no dev server, no prebuilt bundle.
  web = await startWebApp({
    port: 0,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    appConfig: Promise.resolve(appConfig),
    connectOrigins: CONNECT_ORIGINS,
    frontendDir,
    cacheDir: join(root, '.data', 'web'),
    sources: { frontendDir, dirs: [frontendDir], files: [] },
    build: fakeBuild,
  })
})

afterAll(async () => {
  await web?.stop()
  await new Promise((resolve) => api?.close(resolve))
  rmSync(root, { recursive: true, force: true })
})

describe("npm start's web server", () => {
  it('serves the production build it made, with the production CSP (no dev-server allowances)', async () => {
    expect(builds).toBe(1)
    const response = await fetch(`${web.url}/`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(INDEX)
    const csp = response.headers.get('content-security-policy')
    expect(csp).toBe(contentSecurityPolicy({ connectOrigins: CONNECT_ORIGINS, devServer: false }))
    expect(csp).toContain("script-src 'self'; ") // the dev server also allows inline scripts
    expect(csp).not.toContain('ws:')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    // Served over http locally: no HSTS.
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  it('answers every app path with index.html (SPA fallback), a missing asset with 404', async () => {
    for (const path of ['/app', '/app/templates/new', '/app/templates/01JTEMPLATE?tab=history']) {
      const page = await fetch(`${web.url}${path}`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self';")
      expect(await page.text()).toBe(INDEX)
    }
    const asset = await fetch(`${web.url}/assets/index-abc.js`)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await fetch(`${web.url}/assets/gone-123.js`)).status).toBe(404)
  })

  it('serves /app-config.json and proxies /api to the API gateway', async () => {
    const config = await fetch(`${web.url}/app-config.json`)
    expect(await config.json()).toEqual(appConfig)
    const proxied = await fetch(`${web.url}/api/account?x=1`)
    expect(await proxied.json()).toEqual({ path: '/api/account?x=1', forwardedHost: new URL(web.url).host })
  })
})
