import { SESv2Client } from '@aws-sdk/client-sesv2'
import { SNSClient } from '@aws-sdk/client-sns'
import { AssumeRoleCommand, GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts'
import { sts } from '../aws'
import type { AwsConnectionRecord } from './aws-accounts.repo'
import { openSecret } from './secrets'

interface Cached {
  credentials: AwsCredentialIdentity
  /** Epoch ms after which the credentials must not be used any more (role sessions expire). */
  usableUntil: number
  /** The connection version the credentials were got for: a rotation or new role replaces them. */
  version: string
  ses?: SESv2Client
  /** Without SDK retries: the jobs worker paces and retries itself (see jobs/pacer.ts). */
  sesSingleAttempt?: SESv2Client
  sns?: SNSClient
}

interface AwsCredentialIdentity {
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
  expiration?: Date
}

const cache = new Map<string, Cached>()
/** Renew an assumed-role session this long before AWS expires it. */
const RENEW_BEFORE_MS = 5 * 60_000
/** Static keys are re-read now and then, so a process never holds a decrypted secret for long. */
const KEYS_TTL_MS = 15 * 60_000
const SESSION_SECONDS = 3600

/** A role session name AWS accepts (≤ 64 of [\w+=,.@-]) that says who is acting in the customer's CloudTrail. */
function sessionName(connection: AwsConnectionRecord): string {
  return `ses-studio-${connection.orgId}`.slice(0, 64)
}

async function credentialsFor(
  connection: AwsConnectionRecord,
): Promise<{ credentials: AwsCredentialIdentity; until: number }> {
  if (connection.method === 'keys') {
    if (!connection.accessKeyId || !connection.secret)
      throw new Error('This connection has no access keys yet.')
    return {
      credentials: {
        accessKeyId: connection.accessKeyId,
        secretAccessKey: await openSecret(connection.secret, connection.orgId, connection.id),
      },
      until: Date.now() + KEYS_TTL_MS,
    }
  }
  if (!connection.roleArn || !connection.externalId) throw new Error('This connection has no role ARN yet.')
  const { Credentials } = await sts().send(
    new AssumeRoleCommand({
      RoleArn: connection.roleArn,
      RoleSessionName: sessionName(connection),
      ExternalId: connection.externalId,
      DurationSeconds: SESSION_SECONDS,
    }),
  )
  if (!Credentials?.AccessKeyId || !Credentials.SecretAccessKey || !Credentials.SessionToken) {
    throw new Error('STS returned no credentials')
  }
  const expires = Credentials.Expiration?.getTime() ?? Date.now() + SESSION_SECONDS * 1000
  return {
    credentials: {
      accessKeyId: Credentials.AccessKeyId,
      secretAccessKey: Credentials.SecretAccessKey,
      sessionToken: Credentials.SessionToken,
      expiration: Credentials.Expiration,
    },
    until: expires - RENEW_BEFORE_MS,
  }
}

async function session(connection: AwsConnectionRecord): Promise<Cached> {
  const version = `${connection.updatedAt}|${connection.region}`
  const cached = cache.get(connection.id)
  if (cached && cached.version === version && cached.usableUntil > Date.now()) return cached
  forgetCustomerClient(connection.id)
  const { credentials, until } = await credentialsFor(connection)
  const fresh: Cached = { credentials, usableUntil: until, version }
  cache.set(connection.id, fresh)
  return fresh
}

/**
 * The one way to reach a customer's SES: a v2 client in the connection's region with the connection's
 * credentials (its keys, or a session of its role assumed with its ExternalId), cached until they expire or
 * the connection changes. No other code path builds clients for customer accounts.
 */
export async function customerSes(connection: AwsConnectionRecord): Promise<SESv2Client> {
  const entry = await session(connection)
  // SES throttles control-plane calls at about 1/s per account: adaptive retries slow down instead of failing.
  entry.ses ??= new SESv2Client({
    region: connection.region,
    credentials: entry.credentials,
    maxAttempts: 4,
    retryMode: 'adaptive',
  })
  return entry.ses
}

/**
 * The same, answering every call's first outcome: background jobs pace calls per account and retry throttling
 * themselves, and a lost response must not become a silent SDK retry of a create.
 */
export async function customerSesSingleAttempt(connection: AwsConnectionRecord): Promise<SESv2Client> {
  const entry = await session(connection)
  entry.sesSingleAttempt ??= new SESv2Client({
    region: connection.region,
    credentials: entry.credentials,
    maxAttempts: 1,
  })
  return entry.sesSingleAttempt
}

/** The customer's SNS (monitoring's topic and subscription), from the same cached credentials. */
export async function customerSns(connection: AwsConnectionRecord): Promise<SNSClient> {
  const entry = await session(connection)
  entry.sns ??= new SNSClient({
    region: connection.region,
    credentials: entry.credentials,
    maxAttempts: 4,
    retryMode: 'adaptive',
  })
  return entry.sns
}

/**
 * The 12-digit account the connection's credentials belong to (STS GetCallerIdentity needs no permission).
 * Key connections learn it this way; a role ARN names it.
 */
export async function customerAccountNumber(connection: AwsConnectionRecord): Promise<string | undefined> {
  const entry = await session(connection)
  const client = new STSClient({ region: connection.region, credentials: entry.credentials, maxAttempts: 2 })
  try {
    return (await client.send(new GetCallerIdentityCommand({}))).Account
  } finally {
    client.destroy()
  }
}

/** Drops a connection's clients (deleted or rotated connections). */
export function forgetCustomerClient(connectionId: string): void {
  const cached = cache.get(connectionId)
  cached?.ses?.destroy()
  cached?.sesSingleAttempt?.destroy()
  cached?.sns?.destroy()
  cache.delete(connectionId)
}
