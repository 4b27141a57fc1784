/**
 * A webhook receiver on loopback for the webhook tests (allowed by `WEBHOOKS_ALLOW_LOOPBACK=1`, which the test
 * stack sets): records every request and answers as the test says, per path.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
  at: number
}

/** How the receiver answers a path: a status, a redirect, or no answer for `hangMs`. */
export type Behaviour = { status: number; body?: string } | { redirect: string } | { hangMs: number }

export async function startReceiver() {
  const received: Received[] = []
  const behaviours = new Map<string, Behaviour[]>()
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ path, headers: request.headers, body, at: Date.now() })
      const queue = behaviours.get(path) ?? []
      const behaviour = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 200, body: 'ok' }
      if ('hangMs' in behaviour) setTimeout(() => response.end('late'), behaviour.hangMs)
      else if ('redirect' in behaviour) {
        response.writeHead(307, { location: behaviour.redirect })
        response.end()
      } else {
        response.writeHead(behaviour.status)
        response.end(behaviour.body ?? '')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    /** Answers `path` with each behaviour in turn, the last one from then on. */
    answer: (path: string, ...sequence: Behaviour[]) => behaviours.set(path, sequence),
    at: (path: string) => received.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
