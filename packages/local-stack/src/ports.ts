import { createServer } from 'node:net'
import { StartupError } from './startup-error'

/** The ports a developer sees. Stand-ins behind our gateways (cognito-local, aws-ses-v2-local) use free ports. */
export interface Ports {
  web: number
  api: number
  cognito: number
  dynamodb: number
  s3: number
  ses: number
  sqs: number
  stripe: number
}

export type PortName = keyof Ports

export const DEFAULT_PORTS: Ports = {
  web: 5173,
  api: 3001,
  cognito: 9230,
  dynamodb: 8000,
  s3: 4569,
  ses: 8006,
  sqs: 9324,
  stripe: 12111,
}

export const PORT_LABELS: Record<PortName, string> = {
  web: 'web (Vite dev server)',
  api: 'local API gateway',
  cognito: 'Cognito proxy',
  dynamodb: 'DynamoDB Local',
  s3: 'S3 (s3rver)',
  ses: 'SES gateway and mailbox',
  sqs: 'SQS (local-aws-sqs)',
  stripe: 'Stripe stand-in',
}

export const portEnvName = (name: PortName) => `PORT_${name.toUpperCase()}`
export const portFlag = (name: PortName) => `--port-${name}`

export const PORT_NAMES = Object.keys(DEFAULT_PORTS) as PortName[]

export function portInUseError(name: PortName, port: number): StartupError {
  return new StartupError(
    `Port ${port} (${PORT_LABELS[name]}) is already in use. Stop whatever uses it, or pick another port: ` +
      `${portEnvName(name)}=<port> npm start (or npm start -- ${portFlag(name)}=<port>).`,
  )
}

/** A port the OS calls free right now (tiny race until the caller binds it; fine on a developer machine). */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export function isPortFree(port: number, host = '0.0.0.0'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/** Fills in defaults, turns 0 into a free port, and refuses duplicates. */
export async function resolvePorts(requested: Partial<Ports> = {}): Promise<Ports> {
  const ports = { ...DEFAULT_PORTS }
  const seen = new Map<number, PortName>()
  for (const name of PORT_NAMES) {
    const wanted = requested[name] ?? DEFAULT_PORTS[name]
    let port = wanted === 0 ? await findFreePort() : wanted
    while (wanted === 0 && seen.has(port)) port = await findFreePort()
    const other = seen.get(port)
    if (other)
      throw new StartupError(
        `Port ${port} is configured for both ${PORT_LABELS[other]} and ${PORT_LABELS[name]}; give each its own.`,
      )
    seen.set(port, name)
    ports[name] = port
  }
  return ports
}

/** Fails fast, before anything starts, when a developer-facing port is taken. */
export async function assertPortsFree(ports: Ports): Promise<void> {
  for (const name of PORT_NAMES) {
    if (!(await isPortFree(ports[name]))) throw portInUseError(name, ports[name])
  }
}

/** Every port chosen by the OS: for tests and benchmarks that run beside a developer's `npm start`. */
export const FREE_PORTS: Ports = Object.fromEntries(PORT_NAMES.map((name) => [name, 0])) as unknown as Ports
