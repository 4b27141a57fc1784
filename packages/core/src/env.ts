import { ENV, QUEUES, type QueueName } from '@app/contracts'
import * as z from 'zod'

const CoreEnvSchema = z.object({
  [ENV.stage]: z.string().min(1),
  [ENV.region]: z.string().min(1),
  [ENV.tableName]: z.string().min(1),
  [ENV.userPoolId]: z.string().min(1),
  [ENV.appUrl]: z.url(),
  [ENV.mailFrom]: z.string().min(3),
  [ENV.purgeQueueUrl]: z.url(),
  [ENV.logLevel]: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
})

export interface CoreEnv {
  stage: string
  region: string
  tableName: string
  userPoolId: string
  appUrl: string
  mailFrom: string
  purgeQueueUrl: string
  logLevel: 'debug' | 'info' | 'warn' | 'error'
}

let parsed: CoreEnv | undefined

/** Parsed on first use; each deployable calls it at cold start so a missing variable fails there, loudly. */
export function coreEnv(): CoreEnv {
  if (parsed) return parsed
  const result = CoreEnvSchema.safeParse(process.env)
  if (!result.success) {
    const missing = result.error.issues.map((issue) => issue.path.join('.')).join(', ')
    throw new Error(`Invalid environment: ${missing}`)
  }
  const env = result.data
  parsed = {
    stage: env[ENV.stage],
    region: env[ENV.region],
    tableName: env[ENV.tableName],
    userPoolId: env[ENV.userPoolId],
    appUrl: env[ENV.appUrl].replace(/\/$/, ''),
    mailFrom: env[ENV.mailFrom],
    purgeQueueUrl: env[ENV.purgeQueueUrl],
    logLevel: env[ENV.logLevel],
  }
  return parsed
}

/** Emails the server treats as operators (besides the Cognito group), lower-cased; empty when unset. */
export function adminEmails(): string[] {
  return (process.env[ENV.adminEmails] ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean)
}

const MIN_CURSOR_KEY_LENGTH = 32

/**
 * The key that signs list page cursors (`CURSOR_SIGNING_KEY`), read on each use (only list calls need it;
 * tests swap it); too short a key is a deployment error, never a weak signature.
 */
export function cursorSigningKey(): string {
  const key = process.env[ENV.cursorKey]
  if (!key || key.length < MIN_CURSOR_KEY_LENGTH)
    throw new Error(`${ENV.cursorKey} must be set to at least ${MIN_CURSOR_KEY_LENGTH} characters`)
  return key
}

/** Default pauses before each webhook retry, seconds: eight attempts over about 16 hours (± jitter). */
const WEBHOOK_RETRY_DEFAULT = [5, 60, 300, 1800, 7200, 18000, 36000]

/**
 * Outgoing webhooks' settings, read on each use (tests set them): `WEBHOOKS_ALLOW_LOOPBACK=1` (locally only)
 * lets endpoints be http:// on a loopback address; `WEBHOOK_RETRY_SECONDS` the pauses between attempts.
 */
export function webhookSettings(): { allowLoopback: boolean; retrySeconds: number[] } {
  const raw = process.env[ENV.webhookRetrySeconds]
  const retrySeconds = raw
    ? z.array(z.coerce.number().min(0).max(86_400)).min(1).parse(raw.split(','))
    : WEBHOOK_RETRY_DEFAULT
  return { allowLoopback: process.env[ENV.webhooksAllowLoopback] === '1', retrySeconds }
}

/** A queue's URL (`QUEUES[name].urlEnv`), read on each use: only the code sending to that queue needs it. */
export function queueUrl(name: QueueName): string {
  return z.url().parse(process.env[QUEUES[name].urlEnv])
}

/** The KMS key that seals customer secrets (`CUSTOMER_SECRETS_KMS_KEY_ID`), read on each use. */
export function secretsKeyId(): string {
  const value = process.env[ENV.secretsKeyId]
  if (!value) throw new Error(`Invalid environment: ${ENV.secretsKeyId}`)
  return value
}
