/**
 * `npm run bench` (campaign ledger): writing a campaign's per-recipient ledger for 100,000 recipients
 * (`BENCH_LEDGER_RECIPIENTS`) into DynamoDB Local, against raw `BatchWriteItem` of the same items in the same run.
 *  - raw: the very items the ledger writes (keys, status index attributes, fields), 25 per BatchWriteItem call,
 *    unprocessed items retried, pages of 500 with 4 calls in flight — the shape materialising writes in;
 *  - ledger: `putPending` page by page (as `materialise.ts` writes each page of the audience), then what ends
 *    materialising: the 16 shards counted (consistent COUNT queries) and their counters set.
 * Prints both rates and the ratio ledger / raw (goal ≥ 0.7), and checks every recipient arrived in both.
 */

import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import {
  countShard,
  initCounterItem,
  putPending,
  readCounts,
  recipientItem,
  SHARDS,
} from '@app/core/campaigns/sending/ledger.repo'
import { tableName } from '@app/core/db/table'
import { transact } from '@app/core/db/transact'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { applyEnvironment, handlerEnvironment } from '../src/environment'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { scratchDir } from '../src/testing/scratch-dir'

const RECIPIENTS = Math.min(Number(process.env.BENCH_LEDGER_RECIPIENTS ?? 100_000), 1_000_000)
/** What one materialise step writes at once (MATERIALISE_PAGE). */
const PAGE = 500
const IN_FLIGHT = 4

const pages = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / PAGE) }, (_, index) =>
    items.slice(index * PAGE, (index + 1) * PAGE),
  )

async function rawBatchWrite(
  client: DynamoDBDocumentClient,
  items: Record<string, unknown>[],
): Promise<void> {
  const calls = Array.from({ length: Math.ceil(items.length / 25) }, (_, index) =>
    items.slice(index * 25, (index + 1) * 25),
  )
  let next = 0
  const lane = async () => {
    while (next < calls.length) {
      let pending = (calls[next++] ?? []).map((Item) => ({ PutRequest: { Item } }))
      while (pending.length > 0) {
        const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }))
        pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof pending
      }
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane))
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const dataDir = scratchDir('ses-studio-bench-ledger-')
  console.log('Starting the local stack…')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'warn' })
  const restore = applyEnvironment(handlerEnvironment(stack.config, 'warn'))
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({}))
  try {
    const orgId = ulid()
    const contacts = Array.from({ length: RECIPIENTS }, (_, index) => ({
      id: ulid(),
      email: `recipient-${index}@example.com`,
    }))
    const now = new Date().toISOString()

    const rawCampaign = ulid()
    let started = performance.now()
    for (const page of pages(contacts))
      await rawBatchWrite(
        client,
        page.map((contact) => recipientItem(orgId, rawCampaign, contact, now)),
      )
    const rawSeconds = (performance.now() - started) / 1000

    const ledgerCampaign = ulid()
    started = performance.now()
    for (const page of pages(contacts)) await putPending(orgId, ledgerCampaign, page, now)
    const totals = await Promise.all(SHARDS.map((shard) => countShard(orgId, ledgerCampaign, shard)))
    await transact(SHARDS.map((shard) => initCounterItem(orgId, ledgerCampaign, shard, totals[shard] ?? 0)))
    const ledgerSeconds = (performance.now() - started) / 1000

    const rawStored = (
      await Promise.all(SHARDS.map((shard) => countShard(orgId, rawCampaign, shard)))
    ).reduce((sum, count) => sum + count, 0)
    const counts = await readCounts(orgId, ledgerCampaign)
    const rate = (seconds: number) => Math.round(RECIPIENTS / seconds)
    const row = (label: string, seconds: number, stored: number) =>
      `${label.padEnd(58)}${`${seconds.toFixed(1)} s`.padStart(9)}${String(rate(seconds)).padStart(10)}${String(stored).padStart(10)}`
    console.log(
      `\nA campaign ledger of ${RECIPIENTS.toLocaleString('en')} recipients into DynamoDB Local, boot ${(stack.config.bootMs / 1000).toFixed(1)} s\n`,
    )
    console.log(`${''.padEnd(58)}${'time'.padStart(9)}${'items/s'.padStart(10)}${'stored'.padStart(10)}`)
    console.log(
      row(`raw BatchWriteItem (25 a call, ${IN_FLIGHT} in flight, pages of ${PAGE})`, rawSeconds, rawStored),
    )
    console.log(row('ledger: putPending per page + 16 shard counts + counters', ledgerSeconds, counts.total))
    console.log(
      `${'ratio ledger / raw (goal ≥ 0.7)'.padEnd(58)}${(rate(ledgerSeconds) / rate(rawSeconds)).toFixed(2).padStart(19)}`,
    )
    console.log(`recipients per shard: ${totals.join(', ')}\n`)
    if (rawStored !== RECIPIENTS || counts.total !== RECIPIENTS || counts.pending !== RECIPIENTS) {
      console.error('Some recipients were not stored.')
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
