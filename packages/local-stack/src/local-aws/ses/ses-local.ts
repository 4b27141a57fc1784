import type { Server } from 'node:http'
import { closeServer, LOOPBACK } from '../../http/listen'

type StartSesLocal = (config: { host: string; port: number }) => Promise<Server>

export interface SesLocal {
  url: string
  stop(): Promise<void>
}

/** aws-ses-v2-local in this process on a free loopback port: delivery, templates, and the mailbox viewer. */
export async function startSesLocal(): Promise<SesLocal> {
  const module = (await import('aws-ses-v2-local')) as { default: StartSesLocal | { default: StartSesLocal } }
  const start = typeof module.default === 'function' ? module.default : module.default.default
  const server = await start({ host: LOOPBACK, port: 0 })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://${LOOPBACK}:${port}`, stop: () => closeServer(server) }
}
