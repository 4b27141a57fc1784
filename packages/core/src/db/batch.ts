import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { type Item, tableName } from './table'

export interface Key {
  PK: string
  SK: string
}

/** One request of a batch write: an item to put (whole, keys included) or a key to delete. */
export type WriteRequest = { put: Item & Key } | { delete: Key }

/** DynamoDB's limits per call. */
const KEYS_PER_GET = 100
const REQUESTS_PER_WRITE = 25
/** Calls per chunk before giving up on what DynamoDB keeps leaving unprocessed (throttling). */
const MAX_ATTEMPTS = 10

const keyId = (key: Key) => `${key.PK}\u0000${key.SK}`

/** Full jitter (AWS's recommendation for contended retries): a random pause up to 25 ms × 2^attempt, ≤ 2 s. */
export function backoff(attempt: number): Promise<void> {
  const most = Math.min(2000, 25 * 2 ** attempt)
  return new Promise((resolve) => setTimeout(resolve, Math.random() * most))
}

/** Runs `work` over `chunks`, at most `concurrency` at a time, in chunk order of starting. */
async function eachChunk<T>(chunks: T[], concurrency: number, work: (chunk: T) => Promise<void>) {
  let next = 0
  const lane = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++] as T
      await work(chunk)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, chunks.length)) }, lane))
}

function chunked<T>(values: T[], size: number): T[][] {
  const chunks: T[][] = []
  for (let start = 0; start < values.length; start += size) chunks.push(values.slice(start, start + size))
  return chunks
}

export interface BatchGetOptions {
  consistent?: boolean
  /** Attributes to read (keys are always included so results can be matched). */
  attributes?: string[]
  /** Calls of 100 keys in flight at once. */
  concurrency?: number
}

/**
 * Reads any number of keys, 100 per call, retrying unprocessed keys with jittered backoff. The answer lines up
 * with `keys` (a repeated key gets the same item); a missing item is `undefined`.
 */
export async function batchGet(keys: Key[], options: BatchGetOptions = {}): Promise<(Item | undefined)[]> {
  const unique = [...new Map(keys.map((key) => [keyId(key), { PK: key.PK, SK: key.SK }])).values()]
  const found = new Map<string, Item>()
  const projection = options.attributes
    ? {
        ProjectionExpression: ['PK', 'SK', ...options.attributes].map((_, index) => `#a${index}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(
          ['PK', 'SK', ...options.attributes].map((name, index) => [`#a${index}`, name]),
        ),
      }
    : {}
  await eachChunk(chunked(unique, KEYS_PER_GET), options.concurrency ?? 4, async (chunk) => {
    let pending: Record<string, unknown>[] = chunk
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error('DynamoDB kept leaving reads unprocessed')
      if (attempt > 0) await backoff(attempt)
      const result = await dynamo().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: { Keys: pending, ConsistentRead: options.consistent ?? false, ...projection },
          },
        }),
      )
      for (const item of result.Responses?.[tableName()] ?? []) found.set(keyId(item as Key), item)
      pending = result.UnprocessedKeys?.[tableName()]?.Keys ?? []
    }
  })
  return keys.map((key) => found.get(keyId(key)))
}

/**
 * Puts and deletes any number of items, 25 per call (`concurrency` calls in flight), retrying unprocessed ones
 * with jittered backoff. Not atomic: each request is applied once, in no particular order. When a key appears
 * twice only its last request is sent (DynamoDB refuses a batch naming a key twice).
 */
export async function batchWrite(
  requests: WriteRequest[],
  options: { concurrency?: number } = {},
): Promise<void> {
  const byKey = new Map<string, WriteRequest>()
  for (const request of requests) {
    const key = 'put' in request ? request.put : request.delete
    byKey.delete(keyId(key))
    byKey.set(keyId(key), request)
  }
  const calls = [...byKey.values()].map((request) =>
    'put' in request
      ? { PutRequest: { Item: request.put } }
      : { DeleteRequest: { Key: { PK: request.delete.PK, SK: request.delete.SK } } },
  )
  await eachChunk(chunked(calls, REQUESTS_PER_WRITE), options.concurrency ?? 1, async (chunk) => {
    let pending: typeof chunk = chunk
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error('DynamoDB kept leaving writes unprocessed')
      if (attempt > 0) await backoff(attempt)
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }))
      pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof chunk
    }
  })
}

/** Deletes keys (any number), as `batchWrite` does. */
export const deleteAll = (keys: Key[], options: { concurrency?: number } = {}) =>
  batchWrite(
    keys.map((key) => ({ delete: key })),
    options,
  )
