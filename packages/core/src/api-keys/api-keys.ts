import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { type Page, type Permission, UlidSchema } from '@app/contracts'
import { ulid } from 'ulid'
import * as z from 'zod'
import { type ApiKeyActor, principalOf } from '../actor'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { nowIso } from '../db/table'
import { AppError } from '../errors'
import { allows, type OrganizationContext } from '../organizations/context'
import * as Repo from './api-keys.repo'
import { API_KEY_PATTERN, formatApiKey } from './format'

export type { ApiKeyRecord } from './api-keys.repo'

/** A use is recorded at most once a minute per key: authenticating stays a read. */
export const LAST_USED_THROTTLE_MS = 60_000

/** What lists and answers show of a key: never its secret nor its hash. */
export interface ApiKeySummary {
  keyId: string
  name: string
  scopes: readonly Permission[]
  createdBy: Repo.ApiKeyRecord['createdBy']
  createdAt: string
  revokedAt: string | null
  lastUsedAt: string | null
}

export const CreateApiKeyInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z
    .array(z.string())
    .min(1)
    .transform((scopes) => [...new Set(scopes)]),
})

const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest()

function toSummary(record: Repo.ApiKeyRecord): ApiKeySummary {
  return {
    keyId: record.keyId,
    name: record.name,
    scopes: record.scopes,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    revokedAt: record.revokedAt ?? null,
    lastUsedAt: record.lastUsedAt ?? null,
  }
}

/**
 * A new key for the context's organization. The answer carries the key (`ssk_live_<keyId>_<secret>`, 32 random
 * bytes of secret) this once: only its SHA-256 is stored. A caller grants only scopes it holds itself.
 */
export async function createApiKey(
  context: OrganizationContext,
  input: z.input<typeof CreateApiKeyInputSchema>,
): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const { name, scopes } = CreateApiKeyInputSchema.parse(input)
  const granted = scopes.map((scope) => {
    if (!isPermission(scope)) throw new AppError('request.invalid', `scopes: ${scope} is not a permission.`)
    if (!allows(context, scope))
      throw new AppError('permission.denied', `You cannot grant a scope you do not hold (${scope}).`)
    return scope
  })
  const keyId = ulid()
  const secret = randomBytes(32).toString('base64url')
  const record: Repo.ApiKeyRecord = {
    keyId,
    orgId: context.organizationId,
    name,
    scopes: granted,
    secretHash: hashOf(secret).toString('base64url'),
    createdBy: principalOf(context.actor),
    createdAt: nowIso(),
  }
  await Repo.putApiKey(record)
  return { key: formatApiKey(keyId, secret), apiKey: toSummary(record) }
}

const invalidKey = () => new AppError('auth.unauthorized', 'This API key is not valid.')

/**
 * The caller an API key presented in `Authorization: Bearer <key>` is: its organization and scopes. A malformed
 * key, an unknown id, a wrong secret (compared in constant time) and a revoked key are all the same 401. A use is
 * recorded at most once a minute.
 */
export async function authenticateApiKey(presented: string, now = new Date()): Promise<ApiKeyActor> {
  const match = API_KEY_PATTERN.exec(presented)
  if (!match?.groups) throw invalidKey()
  const { keyId, secret } = match.groups as { keyId: string; secret: string }
  const record = await Repo.getApiKey(keyId)
  const given = hashOf(secret)
  const stored = Buffer.from(record?.secretHash ?? '', 'base64url')
  const same = stored.length === given.length && timingSafeEqual(stored, given)
  if (!record || !same || record.revokedAt) throw invalidKey()
  const notBefore = new Date(now.getTime() - LAST_USED_THROTTLE_MS).toISOString()
  if (!record.lastUsedAt || record.lastUsedAt < notBefore)
    await Repo.touchApiKey(keyId, now.toISOString(), notBefore)
  return { kind: 'apiKey', organizationId: record.orgId, keyId, scopes: record.scopes }
}

/** Revokes one of the organization's keys at once (the next call with it is a 401); 404 for another's. */
export async function revokeApiKey(context: OrganizationContext, keyId: string): Promise<ApiKeySummary> {
  const record = await Repo.getApiKey(keyId)
  if (!record || record.orgId !== context.organizationId)
    throw new AppError('api_key.not_found', 'No such API key.')
  if (record.revokedAt) return toSummary(record)
  const at = nowIso()
  await Repo.revokeApiKey(context.organizationId, keyId, at)
  return toSummary((await Repo.getApiKey(keyId)) ?? { ...record, revokedAt: at })
}

const ApiKeyPositionSchema = z.object({ keyId: UlidSchema }).strict()

/** The organization's keys, newest first, revoked ones included (they show when they stopped). */
export async function listApiKeys(
  { organizationId }: OrganizationContext,
  query: { cursor?: string; limit: number },
): Promise<Page<ApiKeySummary>> {
  const cursorQuery = { list: 'api-keys', scope: organizationId }
  const after = cursorPosition(cursorQuery, query.cursor, ApiKeyPositionSchema)
  const { keys, more } = await Repo.listApiKeys(organizationId, query.limit, after?.keyId)
  const last = keys.at(-1)
  return {
    items: keys.map(toSummary),
    nextCursor: more && last ? encodeCursor(cursorQuery, { keyId: last.keyId }) : null,
  }
}

function isPermission(scope: string): scope is Permission {
  return Repo.PERMISSION_NAMES.includes(scope as Permission)
}

/**
 * The key as it is now, for re-checking a caller later (a job started by a key): undefined once it is revoked or
 * belongs to another organization. The shape of jobs' `ApiKeyLookup`.
 */
export async function findApiKeyActor(orgId: string, keyId: string): Promise<ApiKeyActor | undefined> {
  const record = await Repo.getApiKey(keyId)
  if (!record || record.orgId !== orgId || record.revokedAt) return undefined
  return { kind: 'apiKey', organizationId: record.orgId, keyId, scopes: record.scopes }
}
