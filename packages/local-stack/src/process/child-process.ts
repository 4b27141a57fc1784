import type { ChildProcess } from 'node:child_process'
import { createWriteStream, type WriteStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { scrubLogLine } from '../log-scrub'
import { StartupError } from '../startup-error'

const TAIL_LINES = 30
const STOP_GRACE_MS = 3_000

export interface ManagedChild {
  readonly name: string
  readonly pid: number | undefined
  /** Last lines the child printed, for error messages. */
  tail(): string[]
  /** Resolves when the child exits, with a one-line reason. */
  readonly exited: Promise<string>
  /** Resolves only if the child exits without `stop()` having been called. */
  readonly crashed: Promise<string>
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. */
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()

/*
 * Last line of defence against orphans: if the launcher exits without calling stop() (an uncaught error,
 * process.exit), kill every child it still owns. Only our own children, by their ChildProcess handle.
 */
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** Follows a spawned stand-in: its output goes to a log file and a short in-memory tail. */
export function manageChild(name: string, child: ChildProcess, logFile: string): ManagedChild {
  running.add(child)
  const lines: string[] = []
  const log: WriteStream = createWriteStream(logFile, { flags: 'a' })
  // A stand-in's own output (request lines with presigned or signed addresses) is scrubbed like ours.
  const remember = (raw: string) => {
    const line = scrubLogLine(raw)
    log.write(`${line}\n`)
    lines.push(line)
    if (lines.length > TAIL_LINES) lines.shift()
  }
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', remember)
  }

  const exited = new Promise<string>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      running.delete(child)
      resolve(error.code === 'ENOENT' ? 'command not found' : error.message)
    })
    child.once('exit', (code, signal) => {
      running.delete(child)
      log.end()
      resolve(signal ? `killed by ${signal}` : `exited with code ${code}`)
    })
  })

  let stopping = false
  const crashed = new Promise<string>((resolve) => {
    void exited.then((reason) => {
      if (!stopping) resolve(reason)
    })
  })

  return {
    name,
    pid: child.pid,
    tail: () => [...lines],
    exited,
    crashed,
    async stop() {
      stopping = true
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
      await exited
      clearTimeout(timer)
    },
  }
}

/**
 * Polls `probe` until it answers true; fails fast with the child's last lines if the child dies first.
 */
export async function waitUntilReady(
  child: ManagedChild,
  probe: () => Promise<boolean>,
  { timeoutMs = 30_000, intervalMs = 100 } = {},
): Promise<void> {
  let exitReason: string | undefined
  void child.exited.then((reason) => {
    exitReason = reason
  })
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exitReason !== undefined)
      throw new StartupError(`${child.name} failed to start (${exitReason}).`, child.tail())
    if (await probe().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  await child.stop()
  throw new StartupError(`${child.name} did not become ready within ${timeoutMs / 1000} s.`, child.tail())
}
