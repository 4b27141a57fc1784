import type { ApiScope, Principal } from '@app/contracts'
import { API_KEY_RATE_LIMIT, API_SCOPE_LIST, API_SCOPES } from '@app/contracts'
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchGet } from '../db/batch'
import { parseItem } from '../db/item'
import { API_KEY_PREFIX, apiKeyKey, apiKeyRowKey, organizationPartition } from '../db/keys'
import { queryPartition } from '../db/query'
import { tableName } from '../db/table'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import { isConditionalCheckFailure } from '../errors'

/**
 * A key's scopes as stored. Keys written before scopes were stored role permissions (`audience.read`): such a
 * permission reads as every scope standing for it (`contacts:read`, `topics:read`); one no scope stands for
 * (`organization.read`) grants nothing on the public API and is dropped.
 */
const StoredScopesSchema = z.array(z.string()).transform((stored) => {
  const scopes = new Set<ApiScope>()
  for (const value of stored) {
    if ((API_SCOPE_LIST as string[]).includes(value)) scopes.add(value as ApiScope)
    else for (const scope of API_SCOPE_LIST) if (API_SCOPES[scope] === value) scopes.add(scope)
  }
  return [...scopes]
})

/** Records keep who made them as a `Principal` (contracts); checked for its shape, the union is contracts'. */
const PrincipalShape = z.custom<Principal>(
  (value) =>
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string',
)

const ApiKeyRecordSchema = z.object({
  keyId: z.string().min(1),
  orgId: z.string().min(1),
  name: z.string(),
  scopes: StoredScopesSchema,
  /** Keys written before rate limits had none: they get the default. */
  rateLimitPerMinute: z.number().int().default(API_KEY_RATE_LIMIT.default),
  /** SHA-256 of the secret (base64url): the secret itself is never stored (`platform/credentials.ts`). */
  secretHash: z.string().min(1),
  /** After a rotation: the previous secret's hash and until when it still works. */
  previousSecretHash: z.string().optional(),
  previousValidUntil: z.string().optional(),
  rotatedAt: z.string().optional(),
  createdBy: PrincipalShape,
  createdAt: z.string(),
  revokedAt: z.string().optional(),
  lastUsedAt: z.string().optional(),
})
export type ApiKeyRecord = z.output<typeof ApiKeyRecordSchema>

/** K2: the key and the organization's row for it, together (with `extra`: its event). */
export async function putApiKey(record: ApiKeyRecord, extra: NamedItem[] = []): Promise<void> {
  await transact([
    {
      name: 'apiKey',
      Put: {
        TableName: tableName(),
        Item: { ...apiKeyKey(record.keyId), entity: 'ApiKey', ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      name: 'apiKeyRow',
      Put: {
        TableName: tableName(),
        Item: { ...apiKeyRowKey(record.orgId, record.keyId), entity: 'ApiKeyRow', keyId: record.keyId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...extra,
  ])
}

/** K1: the key of this id, read strongly consistent. */
export async function getApiKey(keyId: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: apiKeyKey(keyId), ConsistentRead: true }),
  )
  return Item ? parseItem(ApiKeyRecordSchema, Item) : undefined
}

/** K3: a page of the organization's keys, newest first, after the key id of the previous page's last row. */
export async function listApiKeys(
  orgId: string,
  limit: number,
  afterKeyId?: string,
): Promise<{ keys: ApiKeyRecord[]; more: boolean }> {
  const { items } = await queryPartition(organizationPartition(orgId), {
    // From the previous page's last row (inclusive, dropped below), or from the newest.
    sk: afterKeyId
      ? { between: [API_KEY_PREFIX, apiKeyRowKey(orgId, afterKeyId).SK] }
      : { beginsWith: API_KEY_PREFIX },
    backwards: true,
    consistent: true,
    limit: limit + (afterKeyId ? 2 : 1),
  })
  const rows = items.filter((item) => item.SK !== (afterKeyId && apiKeyRowKey(orgId, afterKeyId).SK))
  const page = rows.slice(0, limit)
  const found = await batchGet(
    page.map((row) => apiKeyKey(String(row.keyId))),
    { consistent: true },
  )
  const keys = found.flatMap((item) => (item ? [parseItem(ApiKeyRecordSchema, item)] : []))
  return { keys, more: rows.length > limit }
}

/**
 * K4: marks the organization's key revoked, with `extra` (its event) in the same transaction; false when it is
 * not the organization's or was revoked before (then nothing is written).
 */
export async function revokeApiKey(
  orgId: string,
  keyId: string,
  at: string,
  extra: NamedItem[] = [],
): Promise<boolean> {
  try {
    await transact([
      {
        name: 'apiKey',
        Update: {
          TableName: tableName(),
          Key: apiKeyKey(keyId),
          UpdateExpression: 'SET revokedAt = :at',
          ConditionExpression: 'orgId = :org AND attribute_not_exists(revokedAt)',
          ExpressionAttributeValues: { ':org': orgId, ':at': at },
        },
      },
      ...extra,
    ])
    return true
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed('apiKey')) return false
    throw error
  }
}

/** What a rotation writes: the new secret's hash, the previous one's and until when it works. */
export interface RotationFields {
  secretHash: string
  previousSecretHash?: string
  previousValidUntil?: string
  rotatedAt: string
}

/**
 * K4: a rotation of the organization's live key, with `extra` (its event) in the same transaction; 'missing'
 * when it is not the organization's, 'revoked' once revoked. Answers the key as written.
 */
export async function rotateApiKey(
  orgId: string,
  keyId: string,
  fields: RotationFields,
  extra: NamedItem[] = [],
): Promise<ApiKeyRecord | 'missing' | 'revoked'> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined)
  try {
    await transact([
      {
        name: 'apiKey',
        Update: {
          TableName: tableName(),
          Key: apiKeyKey(keyId),
          UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
          ConditionExpression: 'orgId = :org AND attribute_not_exists(revokedAt)',
          ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
          ExpressionAttributeValues: {
            ':org': orgId,
            ...Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
          },
        },
      },
      ...extra,
    ])
  } catch (error) {
    if (!(error instanceof TransactionFailed && error.conditionFailed('apiKey'))) throw error
  }
  const current = await getApiKey(keyId)
  if (current?.orgId !== orgId) return 'missing'
  if (current.revokedAt) return 'revoked'
  return current
}

/** What a rename or a new rate limit writes. */
export interface ApiKeyChanges {
  name?: string
  rateLimitPerMinute?: number
}

/**
 * K4: changes the organization's live key (its name, rate limit, or a rotation's secret fields); 'missing' when it
 * is not the organization's, 'revoked' once revoked. Answers the key as written.
 */
export async function updateApiKey(
  orgId: string,
  keyId: string,
  changes: ApiKeyChanges & {
    secretHash?: string
    previousSecretHash?: string
    previousValidUntil?: string
    rotatedAt?: string
  },
): Promise<ApiKeyRecord | 'missing' | 'revoked'> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined)
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: apiKeyKey(keyId),
        UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
        ConditionExpression: 'orgId = :org AND attribute_not_exists(revokedAt)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
        ExpressionAttributeValues: {
          ':org': orgId,
          ...Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    )
    return parseItem(ApiKeyRecordSchema, Attributes ?? {})
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
    const current = await getApiKey(keyId)
    return current?.orgId === orgId && current.revokedAt ? 'revoked' : 'missing'
  }
}

/** K5: records a use unless one was recorded since `notBefore`; false when another call recorded it. */
export async function touchApiKey(keyId: string, at: string, notBefore: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: apiKeyKey(keyId),
        UpdateExpression: 'SET lastUsedAt = :at',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :notBefore)',
        ExpressionAttributeValues: { ':at': at, ':notBefore': notBefore },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}
