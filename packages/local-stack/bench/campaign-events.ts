/**
 * `npm run bench` (campaign events): counting SES events into a campaign's report, against raw DynamoDB writes of
 * the same count in the same run, and the report's read latency for a campaign of that many recipients.
 *  - the campaign: a ledger of BENCH_EVENTS recipients (default 100,000), written as the engine writes it;
 *  - events: 90 % distinct (DELIVERY for 60 % of the recipients, OPEN for 20 %, CLICK for 10 %, machine opens
 *    among the opens) and 10 % copies of them (SNS redeliveries), shuffled, counted as the events worker counts
 *    them: `recordEngagements` per SQS batch (`QUEUES.campaignEvents.batchSize`, 10) — one consistent BatchGet of
 *    the batch's markers and recipients, one transaction per campaign — with 16 batches in flight, as concurrent
 *    worker invocations would (`BENCH_BATCH` overrides the batch size to compare);
 *  - raw: one PutItem per event (the same events, 16 in flight): the floor any per-event write pays, and the
 *    figure the counting is held to (16 DynamoDB calls in flight on both sides);
 *  - report: the report's reads (the 16 ledger counters, every shard's aggregates, the report built) 50 times,
 *    p50 and p99.
 * Prints the rates and the ratio counting / raw, and checks the counts equal the ground truth.
 */

import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { type Campaign, QUEUES } from '@app/contracts'
import type { EngagementEvent } from '@app/core/campaigns/reports/model'
import { recordEngagements } from '@app/core/campaigns/reports/record-batch.repo'
import { buildReport } from '@app/core/campaigns/reports/report'
import {
  countShard,
  initCounterItem,
  putPending,
  readCounts,
  SHARDS,
} from '@app/core/campaigns/sending/ledger.repo'
import { tableName } from '@app/core/db/table'
import { transact } from '@app/core/db/transact'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { applyEnvironment, handlerEnvironment } from '../src/environment'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { scratchDir } from '../src/testing/scratch-dir'

const EVENTS = Math.min(Number(process.env.BENCH_EVENTS ?? 100_000), 1_000_000)
const IN_FLIGHT = 16
const BATCH = Number(process.env.BENCH_BATCH ?? QUEUES.campaignEvents.batchSize)
const REPORT_READS = 50

async function inParallel<T>(items: T[], width: number, run: (item: T) => Promise<unknown>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await run(items[next++] as T)
    }),
  )
}

/** A seeded generator (the same events every run). */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function eventsFor(orgId: string, campaignId: string, contacts: { id: string }[]) {
  const random = seeded(19)
  const sentAt = new Date(Date.now() - 2 * 3_600_000).toISOString()
  const at = (minutes: number) => new Date(Date.parse(sentAt) + minutes * 60_000).toISOString()
  const base = (contact: { id: string }, type: EngagementEvent['type'], minutes: number) => ({
    orgId,
    campaignId,
    contactId: contact.id,
    type,
    sesMessageId: `msg-${contact.id}`,
    at: at(minutes),
    sentAt,
  })
  const n = contacts.length
  const distinct: EngagementEvent[] = [
    ...contacts.slice(0, Math.round(n * 0.6)).map((c) => base(c, 'DELIVERY', 1)),
    ...contacts.slice(0, Math.round(n * 0.2)).map((c, i) => ({
      ...base(c, 'OPEN', 5 + (i % 90)),
      open:
        i % 4 === 0
          ? { userAgent: 'Mozilla/5.0', ipAddress: '17.58.0.1' }
          : { userAgent: 'Mozilla/5.0 (iPhone) Version/17.0 Mobile Safari/604.1', ipAddress: '198.51.100.9' },
    })),
    ...contacts.slice(0, Math.round(n * 0.1)).map((c, i) => ({
      ...base(c, 'CLICK', 10 + (i % 90)),
      click: { link: `https://acme.example/${i % 3}` },
    })),
  ]
  const copies = Array.from(
    { length: EVENTS - distinct.length },
    () => distinct[Math.floor(random() * distinct.length)] as EngagementEvent,
  )
  const all = [...distinct, ...copies]
  for (let index = all.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    ;[all[index], all[other]] = [all[other] as EngagementEvent, all[index] as EngagementEvent]
  }
  const machine = Math.ceil(Math.round(n * 0.2) / 4)
  // A click proves a reader: the clickers whose open was a machine's count as human openers too.
  const machineClickers = Math.ceil(Math.round(n * 0.1) / 4)
  return {
    events: all,
    distinct: distinct.length,
    truth: {
      delivered: Math.round(n * 0.6),
      opens: Math.round(n * 0.2),
      machineOpens: machine,
      uniqueHumanOpens: Math.round(n * 0.2) - machine + machineClickers,
      clicks: Math.round(n * 0.1),
      uniqueClicks: Math.round(n * 0.1),
    },
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const dataDir = scratchDir('ses-studio-bench-events-')
  console.log('Starting the local stack…')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'warn' })
  const restore = applyEnvironment(handlerEnvironment(stack.config, 'warn'))
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({}))
  try {
    const orgId = ulid()
    const campaignId = ulid()
    const contacts = Array.from({ length: EVENTS }, (_, index) => ({
      id: ulid(),
      email: `r-${index}@example.com`,
    }))
    const now = new Date().toISOString()
    console.log(`Writing a ledger of ${EVENTS.toLocaleString('en')} recipients…`)
    for (let index = 0; index < contacts.length; index += 500)
      await putPending(orgId, campaignId, contacts.slice(index, index + 500), now)
    const totals = await Promise.all(SHARDS.map((shard) => countShard(orgId, campaignId, shard)))
    await transact(SHARDS.map((shard) => initCounterItem(orgId, campaignId, shard, totals[shard] ?? 0)))
    const { events, distinct, truth } = eventsFor(orgId, campaignId, contacts)

    console.log(`Raw PutItem of ${events.length.toLocaleString('en')} events…`)
    let started = performance.now()
    let written = 0
    await inParallel(events, IN_FLIGHT, async (event) => {
      await client.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            PK: `BENCH#${orgId}#${written % 16}`,
            SK: `E#${written++}`,
            type: event.type,
            at: event.at,
            contactId: event.contactId,
          },
        }),
      )
    })
    const rawSeconds = (performance.now() - started) / 1000

    console.log('Counting the same events…')
    const outcomes = { counted: 0, duplicate: 0, unknown_recipient: 0 }
    let fallbacks = 0
    const batches = Array.from({ length: Math.ceil(events.length / BATCH) }, (_, index) =>
      events.slice(index * BATCH, (index + 1) * BATCH),
    )
    started = performance.now()
    await inParallel(batches, IN_FLIGHT, async (batch) => {
      const outcome = await recordEngagements(batch)
      for (const result of outcome.results) outcomes[result]++
      fallbacks += outcome.fallbacks
    })
    const countSeconds = (performance.now() - started) / 1000

    console.log(`Reading the report ${REPORT_READS} times…`)
    const latencies: number[] = []
    let report: Awaited<ReturnType<typeof buildReport>> | undefined
    for (let read = 0; read < REPORT_READS; read++) {
      const begin = performance.now()
      const counts = await readCounts(orgId, campaignId)
      const campaign = {
        id: campaignId,
        organizationId: orgId,
        name: 'Bench',
        status: 'SENT',
        startedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        counts: { ...counts, pending: counts.pending + counts.claimed },
      } as unknown as Campaign
      report = await buildReport(campaign, 'exclude')
      latencies.push(performance.now() - begin)
    }
    latencies.sort((a, b) => a - b)

    const rate = (seconds: number) => Math.round(EVENTS / seconds)
    const row = (label: string, seconds: number) =>
      `${label.padEnd(62)}${`${seconds.toFixed(1)} s`.padStart(9)}${String(rate(seconds)).padStart(10)}`
    console.log(
      `\n${EVENTS.toLocaleString('en')} SES events (10 % copies) into DynamoDB Local, boot ${(stack.config.bootMs / 1000).toFixed(1)} s\n`,
    )
    console.log(`${''.padEnd(62)}${'time'.padStart(9)}${'events/s'.padStart(10)}`)
    console.log(row(`raw PutItem per event (${IN_FLIGHT} in flight)`, rawSeconds))
    console.log(
      row(`counting: recordEngagements per SQS batch of ${BATCH} (${IN_FLIGHT} in flight)`, countSeconds),
    )
    console.log(
      `${'ratio counting / raw'.padEnd(62)}${(rate(countSeconds) / rate(rawSeconds)).toFixed(2).padStart(19)}`,
    )
    console.log(
      `outcomes: ${JSON.stringify(outcomes)}, events counted one by one after a cancelled transaction: ${fallbacks}`,
    )
    console.log(
      `report of a ${EVENTS.toLocaleString('en')}-recipient campaign (${REPORT_READS} reads): p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms\n`,
    )
    const c = report?.counts
    const got = c && {
      delivered: c.delivered,
      opens: c.totalOpens + c.machineOpens,
      machineOpens: c.machineOpens,
      uniqueHumanOpens: c.uniqueOpens,
      clicks: c.totalClicks,
      uniqueClicks: c.uniqueClicks,
    }
    if (JSON.stringify(got) !== JSON.stringify(truth) || outcomes.counted !== distinct) {
      console.error(
        `Counts differ from the ground truth: ${JSON.stringify(got)} ≠ ${JSON.stringify(truth)} (${outcomes.counted} counted of ${distinct})`,
      )
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
