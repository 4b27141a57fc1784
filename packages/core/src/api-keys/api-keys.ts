import {
  type ApiKey,
  type ApiScope,
  apiKeyPrefix,
  type CreateApiKeyBody,
  CreateApiKeyBodySchema,
  type IssuedApiKey,
  type Page,
  permissionOfScope,
  type RotateApiKeyBody,
  RotateApiKeyBodySchema,
  UlidSchema,
  type UpdateApiKeyBody,
  UpdateApiKeyBodySchema,
} from '@app/contracts'
import { ulid } from 'ulid'
import * as z from 'zod'
import { type ApiKeyActor, principalOf } from '../actor'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { nowIso } from '../db/table'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import { allows, assertAllowed, type OrganizationContext } from '../organizations/public'
import {
  issueSecret,
  parseCredential,
  previousValidUntil,
  rotateSecret,
  useToRecord,
  verifySecret,
} from '../platform/credentials'
import * as Repo from './api-keys.repo'
import { API_KEY_CREDENTIAL_PREFIX } from './format'

export type { ApiKeyRecord } from './api-keys.repo'

/** A use is recorded at most once a minute per key: authenticating stays a read. */
export const LAST_USED_THROTTLE_MS = 60_000

/** What lists and answers show of a key: never its secret nor its hashes. */
function toSummary(record: Repo.ApiKeyRecord, now = new Date()): ApiKey {
  return {
    keyId: record.keyId,
    name: record.name,
    prefix: apiKeyPrefix(record.keyId),
    scopes: record.scopes,
    rateLimitPerMinute: record.rateLimitPerMinute,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt ?? null,
    revokedAt: record.revokedAt ?? null,
    rotatedAt: record.rotatedAt ?? null,
    previousSecretValidUntil: previousValidUntil(record, now),
  }
}

const actorOf = (record: Repo.ApiKeyRecord): ApiKeyActor => ({
  kind: 'apiKey',
  organizationId: record.orgId,
  keyId: record.keyId,
  scopes: record.scopes,
  rateLimitPerMinute: record.rateLimitPerMinute,
})

/**
 * A new key for the context's organization. The answer carries the key (`ssk_live_<keyId>_<secret>`) this once:
 * only its SHA-256 is stored. Managing keys takes `api_keys.manage`, and a caller grants only scopes whose
 * permission it holds itself.
 */
export async function createApiKey(
  context: OrganizationContext,
  input: CreateApiKeyBody,
): Promise<IssuedApiKey> {
  assertAllowed(context, 'api_keys.manage')
  const { name, scopes, rateLimitPerMinute } = CreateApiKeyBodySchema.parse(input)
  for (const scope of scopes) assertGrantable(context, scope)
  const keyId = ulid()
  const { credential, secretHash } = issueSecret(API_KEY_CREDENTIAL_PREFIX, keyId)
  const record: Repo.ApiKeyRecord = {
    keyId,
    orgId: context.organizationId,
    name,
    scopes,
    rateLimitPerMinute,
    secretHash,
    createdBy: principalOf(context.actor),
    createdAt: nowIso(),
  }
  const created = newEvent(
    'api_key.created',
    record.orgId,
    { keyId, name, scopes, rotatedFrom: null },
    record.createdBy,
  )
  await Repo.putApiKey(record, [outboxPut(created)])
  return { key: credential, apiKey: toSummary(record) }
}

function assertGrantable(context: OrganizationContext, scope: ApiScope): void {
  const permission = permissionOfScope(scope)
  if (!allows(context, permission))
    throw new AppError(
      'permission.denied',
      `You cannot grant the ${scope} scope: it needs the ${permission} permission, which your role lacks.`,
    )
}

const invalidKey = () => new AppError('auth.unauthorized', 'This API key is not valid.')

/**
 * The caller an API key presented in `Authorization: Bearer <key>` is: its organization, scopes and rate limit.
 * A malformed key, an unknown id, a wrong secret (compared in constant time), a rotated-out secret past its grace
 * and a revoked key are all the same 401. Read strongly consistent on every call and never cached, so a
 * revocation holds from the next call. A use is recorded at most once a minute.
 */
export async function authenticateApiKey(presented: string, now = new Date()): Promise<ApiKeyActor> {
  const parsed = parseCredential(API_KEY_CREDENTIAL_PREFIX, presented)
  if (!parsed) throw invalidKey()
  const record = await Repo.getApiKey(parsed.id)
  if (!verifySecret(record, parsed.secret, now) || !record) throw invalidKey()
  const use = useToRecord(record, now, LAST_USED_THROTTLE_MS)
  if (use.record) await Repo.touchApiKey(record.keyId, now.toISOString(), use.notBefore)
  return actorOf(record)
}

function written(result: Repo.ApiKeyRecord | 'missing' | 'revoked'): Repo.ApiKeyRecord {
  if (result === 'missing') throw notFound()
  if (result === 'revoked')
    throw new AppError('api_key.revoked', 'This API key is revoked: create a new one instead.')
  return result
}

const notFound = () => new AppError('api_key.not_found', 'No such API key.')

/** Renames one of the organization's keys or changes its rate limit. */
export async function updateApiKey(
  context: OrganizationContext,
  keyId: string,
  input: UpdateApiKeyBody,
): Promise<ApiKey> {
  assertAllowed(context, 'api_keys.manage')
  const { name, rateLimitPerMinute } = UpdateApiKeyBodySchema.parse(input)
  return toSummary(
    written(await Repo.updateApiKey(context.organizationId, keyId, { name, rateLimitPerMinute })),
  )
}

/**
 * A new secret for one of the organization's keys, answered this once. The previous secret keeps working for
 * `graceSeconds` (24 hours by default, 0 to 7 days), so a deployment can switch without downtime; a second
 * rotation ends the first one's grace.
 */
export async function rotateApiKey(
  context: OrganizationContext,
  keyId: string,
  input: RotateApiKeyBody,
  now = new Date(),
): Promise<IssuedApiKey> {
  assertAllowed(context, 'api_keys.manage')
  const { graceSeconds } = RotateApiKeyBodySchema.parse(input)
  const record = await Repo.getApiKey(keyId)
  if (!record || record.orgId !== context.organizationId) throw notFound()
  const { credential, fields } = rotateSecret(API_KEY_CREDENTIAL_PREFIX, keyId, record, graceSeconds, now)
  // Recorded as a new key made from the old one (the same id, a new secret); never the secret.
  const event = newEvent(
    'api_key.created',
    context.organizationId,
    { keyId, name: record.name, scopes: record.scopes, rotatedFrom: keyId },
    principalOf(context.actor),
    now,
  )
  const rotated = written(
    await Repo.rotateApiKey(context.organizationId, keyId, { ...fields, rotatedAt: now.toISOString() }, [
      outboxPut(event),
    ]),
  )
  return { key: credential, apiKey: toSummary(rotated, now) }
}

/** Revokes one of the organization's keys at once (the next call with it is a 401); 404 for another's. */
export async function revokeApiKey(context: OrganizationContext, keyId: string): Promise<ApiKey> {
  assertAllowed(context, 'api_keys.manage')
  const record = await Repo.getApiKey(keyId)
  if (!record || record.orgId !== context.organizationId) throw notFound()
  if (record.revokedAt) return toSummary(record)
  const at = nowIso()
  const event = newEvent(
    'api_key.revoked',
    context.organizationId,
    { keyId, name: record.name },
    principalOf(context.actor),
  )
  await Repo.revokeApiKey(context.organizationId, keyId, at, [outboxPut(event)])
  return toSummary((await Repo.getApiKey(keyId)) ?? { ...record, revokedAt: at })
}

const ApiKeyPositionSchema = z.object({ keyId: UlidSchema }).strict()

/** The organization's keys, newest first, revoked ones included (they show when they stopped). */
export async function listApiKeys(
  context: OrganizationContext,
  query: { cursor?: string; limit: number },
): Promise<Page<ApiKey>> {
  assertAllowed(context, 'api_keys.manage')
  const { organizationId } = context
  const cursorQuery = { list: 'api-keys', scope: organizationId }
  const after = cursorPosition(cursorQuery, query.cursor, ApiKeyPositionSchema)
  const { keys, more } = await Repo.listApiKeys(organizationId, query.limit, after?.keyId)
  const last = keys.at(-1)
  const now = new Date()
  return {
    items: keys.map((key) => toSummary(key, now)),
    nextCursor: more && last ? encodeCursor(cursorQuery, { keyId: last.keyId }) : null,
  }
}

/**
 * The key as it is now, for re-checking a caller later (a job started by a key): undefined once it is revoked or
 * belongs to another organization. The shape of jobs' `ApiKeyLookup`.
 */
export async function findApiKeyActor(orgId: string, keyId: string): Promise<ApiKeyActor | undefined> {
  const record = await Repo.getApiKey(keyId)
  if (!record || record.orgId !== orgId || record.revokedAt) return undefined
  return actorOf(record)
}

/** The name of one of the organization's keys (revoked ones too), to say which key made a change. */
export async function apiKeyName(orgId: string, keyId: string): Promise<string | undefined> {
  const record = await Repo.getApiKey(keyId)
  return record?.orgId === orgId ? record.name : undefined
}
