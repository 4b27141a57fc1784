/**
 * `npm run bench` (db part): 100,000 small items written into DynamoDB Local twice in one run —
 *  - the old way: every item in one partition (`ORG#id`), one PutItem each (as job items, counters and logs were
 *    written), `CONCURRENCY` calls in flight;
 *  - the new way: `batchWrite` from `core/src/db` (25 per call, unprocessed items retried) into a partition
 *    sharded 8 ways (`pickShard` by item id), the same number of calls in flight.
 * Prints both rates (items/s) and their ratio, and checks every item arrived. DynamoDB Local has no per-partition
 * limit: on AWS the old way also stops at about 1,000 writes/s (one partition), the sharded one at 8 × that.
 */
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { batchWrite } from '@app/core/db/batch'
import { pickShard, shardKeys } from '@app/core/db/shards'
import { tableName } from '@app/core/db/table'
import { DynamoDBClient, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb'
import { applyEnvironment, handlerEnvironment } from '../src/environment'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { scratchDir } from '../src/testing/scratch-dir'

const ITEMS = Math.min(Number(process.env.BENCH_DB_ITEMS ?? 100_000), 1_000_000)
const CONCURRENCY = Number(process.env.BENCH_DB_CONCURRENCY ?? 32)
const SHARDS = 8

/** A small item of the kind large collections hold (a recipient, a contact, a job item). */
const item = (pk: string, id: string, index: number) => ({
  PK: pk,
  SK: `ITEM#${id}`,
  entity: 'BenchItem',
  email: `recipient-${index}@example.com`,
  status: 'pending',
  at: new Date().toISOString(),
})

/** The same item as DynamoDB attribute values, for the plain client. */
const attributes = (value: Record<string, string>) =>
  Object.fromEntries(Object.entries(value).map(([name, text]) => [name, { S: text }]))

/** Runs `count` calls of `work`, `concurrency` at a time. */
async function pool(count: number, concurrency: number, work: (index: number) => Promise<unknown>) {
  let next = 0
  const lane = async () => {
    while (next < count) await work(next++)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane))
}

async function countPartition(client: DynamoDBClient, pk: string): Promise<number> {
  let count = 0
  let ExclusiveStartKey: QueryCommand['input']['ExclusiveStartKey']
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': { S: pk } },
        Select: 'COUNT',
        ExclusiveStartKey,
      }),
    )
    count += page.Count ?? 0
    ExclusiveStartKey = page.LastEvaluatedKey
  } while (ExclusiveStartKey)
  return count
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const dataDir = scratchDir('ses-studio-bench-db-')
  console.log('Starting the local stack…')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'warn' })
  const restore = applyEnvironment(handlerEnvironment(stack.config, 'warn'))
  // The same SDK client core uses (endpoint from AWS_ENDPOINT_URL_DYNAMODB), without the document layer.
  const client = new DynamoDBClient({})
  try {
    const ids = Array.from({ length: ITEMS }, () => randomUUID())

    const oldPartition = `ORG#${randomUUID()}`
    let started = performance.now()
    await pool(ITEMS, CONCURRENCY, (index) =>
      client.send(
        new PutItemCommand({
          TableName: tableName(),
          Item: attributes(item(oldPartition, ids[index] as string, index)),
        }),
      ),
    )
    const oldSeconds = (performance.now() - started) / 1000

    const sharded = { prefix: `ORG#${randomUUID()}#BENCH`, shards: SHARDS }
    started = performance.now()
    await batchWrite(
      ids.map((id, index) => ({ put: item(pickShard(sharded, id), id, index) })),
      { concurrency: CONCURRENCY },
    )
    const newSeconds = (performance.now() - started) / 1000

    const oldCount = await countPartition(client, oldPartition)
    const perShard = await Promise.all(shardKeys(sharded).map((pk) => countPartition(client, pk)))
    const newCount = perShard.reduce((sum, count) => sum + count, 0)

    const rate = (seconds: number) => Math.round(ITEMS / seconds)
    const row = (label: string, seconds: number, stored: number) =>
      `${label.padEnd(52)}${`${seconds.toFixed(1)} s`.padStart(9)}${String(rate(seconds)).padStart(10)}${String(stored).padStart(10)}`
    console.log(
      `\n${ITEMS.toLocaleString('en')} items into DynamoDB Local, ${CONCURRENCY} calls in flight, boot ${(stack.config.bootMs / 1000).toFixed(1)} s\n`,
    )
    console.log(`${''.padEnd(52)}${'time'.padStart(9)}${'items/s'.padStart(10)}${'stored'.padStart(10)}`)
    console.log(row('old: one partition, one PutItem per item', oldSeconds, oldCount))
    console.log(row(`new: batchWrite (25 per call), ${SHARDS} shards`, newSeconds, newCount))
    console.log(
      `${'ratio new / old'.padEnd(52)}${`${(rate(newSeconds) / rate(oldSeconds)).toFixed(1)}×`.padStart(19)}`,
    )
    console.log(`items per shard: ${perShard.join(', ')}\n`)
    if (oldCount !== ITEMS || newCount !== ITEMS) {
      console.error('Some items were not stored.')
      process.exitCode = 1
    }
  } finally {
    client.destroy()
    restore()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
