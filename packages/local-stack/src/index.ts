import type { QueueName } from '@app/contracts'
import type { LocalStackConfig } from './config'
import { lockDataDir, prepareDataDir } from './data-dir'
import { launchDynamoDbLocal } from './dynamodb/dynamodb-local'
import type { LogLevel } from './environment'
import { Lifecycle } from './lifecycle'
import { scrubbedLog } from './log-scrub'
import { assertPortsFree, type Ports, resolvePorts } from './ports'

export type { LocalQueue, LocalStackConfig } from './config'
export type { LogLevel } from './environment'
export { DEFAULT_PORTS, type Ports } from './ports'
export { StartupError } from './startup-error'

export interface LocalStackOptions {
  /** Where state lives (`.data/` for `npm start`, a temp dir for tests). */
  dataDir: string
  /** Start empty: delete `dataDir` first. */
  reset?: boolean
  /** Per-part ports; 0 picks a free one. Unset parts use `DEFAULT_PORTS`. */
  ports?: Partial<Ports>
  /**
   * Also serve the web app: its production bundle with the production CSP, as CloudFront does (built into
   * `<dataDir>/web/` on first start and again whenever its sources changed).
   */
  web?: boolean
  /** With `web`: serve this already built bundle (`vite build` output) as is, as the browser tests do. */
  webDist?: string
  /** With `web`: the Vite dev server with HMR instead of the production bundle (`npm run dev`). */
  webDevServer?: boolean
  log?: (line: string) => void
  /** `LOG_LEVEL` for the handlers (default `info`). */
  logLevel?: LogLevel
  /** Handler sources (`http/`, `workers/`, `triggers/`): `functions/src` unless a test says otherwise. */
  functionsDir?: string
  frontendDir?: string
  /** `ADMIN_EMAILS` for the handlers: accounts allowed to call /api/admin (default none). */
  adminEmails?: string[]
  /**
   * Run the deploy's data migrations over the table before the API answers (`npm start` does). Off for the
   * stacks tests start: their tables are new, and the migrations' AWS clients live once per process, so a second
   * stack started in the same process would reach the first one's DynamoDB.
   */
  migrate?: boolean
  /**
   * Queues whose worker this stack does not poll: another process runs it (a bench measuring one worker's memory
   * in its own process, as Lambda runs it). Default none.
   */
  unpolledQueues?: QueueName[]
}

export interface LocalStack {
  config: LocalStackConfig
  /** Stops every server and child process this stack started and restores the environment. */
  stop(): Promise<void>
}

/** Starts every local stand-in, our gateways in front of them, and optionally the web app. */
export async function startLocalStack(given: LocalStackOptions): Promise<LocalStack> {
  const started = performance.now()
  // Every part logs through this one sink: URL secrets (signed links, presigned URLs) never reach a log.
  const options = { ...given, log: scrubbedLog(given.log) }
  const lifecycle = new Lifecycle(options.log)
  const dataDir = prepareDataDir(options.dataDir, options.reset)
  lifecycle.defer(lockDataDir(dataDir))
  try {
    const ports = await resolvePorts(options.ports)
    await assertPortsFree(ports)
    // The JVM is the slowest part: spawn it before loading the rest (AWS SDK, servers, Vite), which then
    // loads while Java warms up.
    const dynamo = lifecycle.own(
      await launchDynamoDbLocal({ port: ports.dynamodb, dbPath: dataDir.dynamodb, logDir: dataDir.logs }),
    )
    const { assembleStack } = await import('./assemble-stack')
    const config = await assembleStack({ options, dataDir, ports, dynamo, lifecycle, started })
    return { config, stop: () => lifecycle.stop() }
  } catch (error) {
    await lifecycle.stop()
    throw error
  }
}
