import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { APP_CONFIG_PATH, MONITORING_TUNNEL_PATH } from '@app/contracts'
import { portInUseError } from '../ports'
import type { LocalStackPluginOptions } from './local-stack-plugin'
import type { WebServer } from './vite-server'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
}

/** A file under `root` for a URL path, or undefined (never a path outside `root`). */
function fileFor(root: string, pathname: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  const file = normalize(join(root, decoded))
  if (file !== root && !file.startsWith(root + sep)) return undefined
  return existsSync(file) && statSync(file).isFile() ? file : undefined
}

function proxy(apiUrl: string, request: IncomingMessage, response: ServerResponse) {
  const target = new URL(request.url ?? '/', apiUrl)
  const upstream = httpRequest(
    target,
    {
      method: request.method,
      headers: {
        ...request.headers,
        host: target.host,
        'x-forwarded-host': request.headers.host ?? '',
        'x-forwarded-proto': 'http',
      },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    },
  )
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({ error: { code: 'internal.error', message: 'The local API is not answering.' } }),
    )
  })
  request.pipe(upstream)
}

/**
 * The built bundle as CloudFront serves it: files from `distDir`, every other path gets `index.html` (SPA
 * fallback), `/api/*` goes to the API gateway, `/app-config.json` is generated, and every response carries the
 * given security headers (the production CSP for e2e).
 */
export async function startStaticWebServer(
  options: Omit<LocalStackPluginOptions, 'headers'> & {
    distDir: string
    port: number
    headers: Record<string, string>
  },
): Promise<WebServer> {
  const root = normalize(options.distDir)
  const indexFile = join(root, 'index.html')
  if (!existsSync(indexFile)) throw new Error(`No built web app in ${root} (run vite build first).`)
  const appConfig = options.appConfig.then((config) => JSON.stringify(config))
  appConfig.catch(() => {})

  // A build does not change under a running server: each file is read once, then answered from memory (a page
  // asks for dozens of chunks at once, and this event loop also runs the API).
  const files = new Map<string, Buffer>()
  const read = (file: string) => {
    let body = files.get(file)
    if (!body) {
      body = readFileSync(file)
      files.set(file, body)
    }
    return body
  }

  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://local').pathname
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname === MONITORING_TUNNEL_PATH)
      return proxy(options.apiUrl, request, response)
    for (const [name, value] of Object.entries(options.headers)) response.setHeader(name, value)
    if (pathname === APP_CONFIG_PATH) {
      appConfig.then(
        (body) => {
          response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
          response.end(body)
        },
        () => {
          response.writeHead(503).end()
        },
      )
      return
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return response.writeHead(405).end()
    const file = fileFor(root, pathname)
    // A missing asset is a 404, not the app: only page paths fall back to index.html.
    if (!file && extname(pathname) !== '') return response.writeHead(404).end()
    const served = file ?? indexFile
    const body = read(served)
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(served)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': served.includes(`${sep}assets${sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    })
    response.end(request.method === 'HEAD' ? undefined : body)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? portInUseError('web', options.port) : error),
    )
    server.listen(options.port, 'localhost', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
