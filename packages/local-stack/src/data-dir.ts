import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { StartupError } from './startup-error'

export interface DataDir {
  root: string
  dynamodb: string
  s3: string
  cognito: string
  /** The Stripe stand-in's objects, events and delivery queue (`state.json`). */
  stripe: string
  stripeStateFile: string
  /** The local AWS accounts: IAM users, roles and sessions, per-account SES state, KMS key material. */
  aws: string
  awsStateFile: string
  awsKeysFile: string
  /** The SNS stand-in's signing key and certificate. */
  awsSnsSigningFile: string
  logs: string
  /** The web app's production build (`dist/`) and what it was built from (`build.json`); kept by `--reset`. */
  web: string
  /** Every endpoint and id of the running stack. */
  configFile: string
  /** Ids of the local user pool and client, kept across restarts. */
  userPoolFile: string
  lockFile: string
  /** The key that signs list page cursors (`CURSOR_SIGNING_KEY`), generated on first start. */
  cursorKeyFile: string
  /** The keys that sign unsubscribe and signup links (`UNSUBSCRIBE_SIGNING_KEYS`), generated on first start. */
  unsubscribeKeysFile: string
}

/**
 * The stack's state on disk: DynamoDB's shared database, s3rver's files, cognito-local's users, the Stripe
 * stand-in's objects, the local AWS accounts, logs, the web app's build. `reset` deletes all but the build.
 */
export function prepareDataDir(root: string, reset = false): DataDir {
  const base = resolve(root)
  const dataDir: DataDir = {
    root: base,
    dynamodb: join(base, 'dynamodb'),
    s3: join(base, 's3'),
    cognito: join(base, 'cognito'),
    stripe: join(base, 'stripe'),
    stripeStateFile: join(base, 'stripe', 'state.json'),
    aws: join(base, 'aws'),
    awsStateFile: join(base, 'aws', 'state.json'),
    awsKeysFile: join(base, 'aws', 'kms-keys.json'),
    awsSnsSigningFile: join(base, 'aws', 'sns-signing.json'),
    logs: join(base, 'logs'),
    web: join(base, 'web'),
    configFile: join(base, 'local-stack.json'),
    userPoolFile: join(base, 'cognito', 'user-pool.json'),
    lockFile: join(base, 'local-stack.pid'),
    ...signingKeyFiles(base),
  }
  if (reset) {
    refuseIfRunning(dataDir)
    // The web build is no state, only a cache of the sources: starting empty need not build it again.
    if (existsSync(base))
      for (const entry of readdirSync(base))
        if (entry !== 'web') rmSync(join(base, entry), { recursive: true, force: true })
  }
  // The directory holds key material (signing keys, IAM secrets, KMS keys, users): its owner's only.
  mkdirSync(base, { recursive: true, mode: 0o700 })
  chmodSync(base, 0o700)
  for (const dir of [
    dataDir.dynamodb,
    dataDir.s3,
    dataDir.cognito,
    dataDir.stripe,
    dataDir.aws,
    dataDir.logs,
  ])
    mkdirSync(dir, { recursive: true, mode: 0o700 })
  return dataDir
}

/** Where a data directory keeps its signing keys (0600, never copied into `local-stack.json`). */
export function signingKeyFiles(root: string): Pick<DataDir, 'cursorKeyFile' | 'unsubscribeKeysFile'> {
  return {
    cursorKeyFile: join(resolve(root), 'cursor-key'),
    unsubscribeKeysFile: join(resolve(root), 'unsubscribe-keys.json'),
  }
}

/** The keys the handlers sign with (`CURSOR_SIGNING_KEY`, `UNSUBSCRIBE_SIGNING_KEYS`). */
export interface SigningKeys {
  cursorKey: string
  unsubscribeKeys: string
}

/**
 * A running stack's signing keys, read from its 0600 key files (tests forging links, tools calling handlers):
 * the world-readable-by-mistake `local-stack.json` never carries them.
 */
export function readSigningKeys(root: string): SigningKeys {
  const files = signingKeyFiles(root)
  return {
    cursorKey: readFileSync(files.cursorKeyFile, 'utf8').trim(),
    unsubscribeKeys: readFileSync(files.unsubscribeKeysFile, 'utf8').trim(),
  }
}

/** Writes a file only its owner can read or write, also when it already existed with a wider mode. */
export function writeOwnerOnlyFile(file: string, content: string): void {
  writeFileSync(file, content, { mode: 0o600 })
  chmodSync(file, 0o600)
}

/** The cursor signing key of this data directory, made (random, 256 bits) the first time. */
export function cursorKey(dataDir: DataDir): string {
  if (!existsSync(dataDir.cursorKeyFile))
    writeOwnerOnlyFile(dataDir.cursorKeyFile, randomBytes(32).toString('base64url'))
  return readFileSync(dataDir.cursorKeyFile, 'utf8').trim()
}

/**
 * The unsubscribe link key set of this data directory (`{ "current": "k1", "k1": "<256 random bits>" }`), made the
 * first time. Rotate by adding a key and pointing `current` at it: links signed with the old key keep working.
 */
export function unsubscribeKeys(dataDir: DataDir): string {
  if (!existsSync(dataDir.unsubscribeKeysFile)) {
    const keys = { current: 'k1', k1: randomBytes(32).toString('base64url') }
    writeOwnerOnlyFile(dataDir.unsubscribeKeysFile, JSON.stringify(keys))
  }
  return readFileSync(dataDir.unsubscribeKeysFile, 'utf8').trim()
}

/** One stack per data directory: a second one would fight over DynamoDB's files and the ports. */
export function lockDataDir(dataDir: DataDir): () => void {
  refuseIfRunning(dataDir)
  writeFileSync(dataDir.lockFile, String(process.pid))
  return () => {
    if (existsSync(dataDir.lockFile) && readFileSync(dataDir.lockFile, 'utf8').trim() === String(process.pid))
      rmSync(dataDir.lockFile, { force: true })
  }
}

function refuseIfRunning(dataDir: DataDir): void {
  if (!existsSync(dataDir.lockFile)) return
  const pid = Number(readFileSync(dataDir.lockFile, 'utf8').trim())
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return
  throw new StartupError(
    `Another local stack (pid ${pid}) is running on ${dataDir.root}. Stop it first (Ctrl-C in its terminal).`,
  )
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
