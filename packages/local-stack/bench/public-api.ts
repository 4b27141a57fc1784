/**
 * `npm run bench` (public API part), in one run on one local stack:
 *  - `POST /api/v1/contacts/batch` throughput: BENCH_API_BATCHES batches of 1,000 new contacts (BENCH_API_BATCH),
 *    each subscribed to a topic, sent with an API key through the local gateway (key check, rate limiter, plan
 *    gate, the real public-audience handler and the audience's one writer, DynamoDB Local), against raw DynamoDB
 *    `BatchWriteItem` of the same items (each contact's item, email claim, preference and trail entry, as
 *    `contactWriteItems` builds them; 25 a call, the same number in flight) for as many other contacts. Prints
 *    contacts/s of each and the ratio.
 *  - GET latency with a key vs a JWT for the same read: `GET /api/v1/topics` (API key: key lookup, rate-limit
 *    window write) vs the dashboard's `GET /api/topics` (ID token checked by the gateway), BENCH_API_REQUESTS each
 *    at BENCH_API_CONCURRENCY, p50/p99 and the ratio.
 * Bounded in requests and time; loopback only.
 */
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type { ContactRecord } from '@app/core/audience/public'
import { contactWriteItems } from '@app/core/audience/writes'
import { batchWrite, type WriteRequest } from '@app/core/db/batch'
import { ulid } from 'ulid'
import { applyEnvironment, handlerEnvironment } from '../src/environment'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { scratchDir } from '../src/testing/scratch-dir'
import { load, percentile } from './load'
import type { LoadResult, Target } from './load-lanes'
import { signUpOnPaidPlan } from './paid-organization'

const BATCH = Math.min(Number(process.env.BENCH_API_BATCH ?? 1000), 1000)
const BATCHES = Math.min(Number(process.env.BENCH_API_BATCHES ?? 10), 100)
const IN_FLIGHT = Number(process.env.BENCH_API_BATCH_CONCURRENCY ?? 2)
const REQUESTS = Math.min(Number(process.env.BENCH_API_REQUESTS ?? 1000), 2500)
const CONCURRENCY = Number(process.env.BENCH_API_CONCURRENCY ?? 20)
const WARMUP = Math.min(100, REQUESTS)
const TIME_LIMIT_MS = 300_000

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10)
const emailOf = (run: string, index: number) => `${run}-${String(index).padStart(6, '0')}@bench.example.com`

/** Runs `count` calls of `work`, `concurrency` at a time. */
async function pool(count: number, concurrency: number, work: (index: number) => Promise<void>) {
  let next = 0
  const lane = async () => {
    while (next < count) await work(next++)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane))
}

/** The API's side: every batch through the gateway with the key; answers the seconds and the contacts created. */
async function apiBatches(apiUrl: string, key: string, topicId: string): Promise<[number, number]> {
  let created = 0
  const started = performance.now()
  await pool(BATCHES, IN_FLIGHT, async (batch) => {
    const contacts = Array.from({ length: BATCH }, (_, index) => ({
      email: emailOf('api', batch * BATCH + index),
      firstName: `First${index}`,
      topicPreferences: [{ topicId, status: 'OPT_IN' }],
    }))
    const answer = await fetch(new URL('/api/v1/contacts/batch', apiUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contacts }),
    })
    const body = (await answer.json()) as { counts?: { created: number } }
    if (answer.status !== 200)
      throw new Error(`batch ${batch} answered ${answer.status}: ${JSON.stringify(body)}`)
    created += body.counts?.created ?? 0
  })
  return [(performance.now() - started) / 1000, created]
}

/** The baseline: the same items for as many other contacts, in raw BatchWriteItem calls. */
async function rawBatches(orgId: string, topicId: string): Promise<[number, number]> {
  const at = new Date().toISOString()
  const puts: WriteRequest[] = []
  for (let index = 0; index < BATCH * BATCHES; index++) {
    const contact: ContactRecord = {
      id: ulid(),
      orgId,
      email: emailOf('raw', index),
      firstName: `First${index}`,
      lastName: null,
      attributes: {},
      topics: { [topicId]: 'OPT_IN' },
      unsubscribeAll: false,
      suppressed: null,
      source: { kind: 'api' },
      version: 1,
      createdAt: at,
      updatedAt: at,
    }
    const items = contactWriteItems({
      orgId,
      before: null,
      after: contact,
      activeTopicIds: new Set([topicId]),
      trail: { source: 'api', by: null, changes: [{ topicId, from: null, to: 'OPT_IN' }] },
      at,
    })
    for (const item of items)
      if (item.Put?.Item) puts.push({ put: item.Put.Item as Extract<WriteRequest, { put: unknown }>['put'] })
  }
  const started = performance.now()
  // As many 25-item calls in flight as the API's batches have transactions in flight (8 writer lanes each).
  await batchWrite(puts, { concurrency: IN_FLIGHT * 8 })
  return [(performance.now() - started) / 1000, puts.length]
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const dataDir = scratchDir('ses-studio-bench-public-api-')
  console.log('Starting the local stack…')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'warn' })
  const { config } = stack
  const restore = applyEnvironment(handlerEnvironment(config, 'warn'))
  try {
    const { user, api, orgId } = await signUpOnPaidPlan(config)
    const created = await api.post<{ key: string }>(`/api/api-keys?organizationId=${orgId}`, {
      name: 'Bench',
      scopes: ['contacts:write', 'topics:read', 'topics:write'],
      rateLimitPerMinute: 6000,
    })
    if (created.status !== 201) throw new Error(`POST /api/api-keys answered ${created.status}`)
    const { key } = created.body
    const topic = await fetch(new URL('/api/v1/topics', config.apiUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Newsletter' }),
    })
    if (topic.status !== 201) throw new Error(`POST /api/v1/topics answered ${topic.status}`)
    const topicId = ((await topic.json()) as { id: string }).id

    const [apiSeconds, apiCreated] = await apiBatches(config.apiUrl, key, topicId)
    const [rawSeconds, rawItems] = await rawBatches(orgId, topicId)
    const contacts = BATCH * BATCHES
    const rate = (seconds: number) => Math.round(contacts / seconds)
    console.log(
      `\n${contacts.toLocaleString('en')} contacts in batches of ${BATCH}, ${IN_FLIGHT} batches in flight, boot ${(config.bootMs / 1000).toFixed(1)} s\n`,
    )
    console.log(`${''.padEnd(52)}${'time'.padStart(9)}${'contacts/s'.padStart(12)}`)
    const line = (label: string, seconds: number) =>
      `${label.padEnd(52)}${`${seconds.toFixed(1)} s`.padStart(9)}${String(rate(seconds)).padStart(12)}`
    console.log(line('POST /api/v1/contacts/batch (API key, gateway)', apiSeconds))
    console.log(line(`raw BatchWriteItem, the same ${rawItems / contacts} items a contact`, rawSeconds))
    console.log(
      `${'ratio API / raw'.padEnd(52)}${`${(rate(apiSeconds) / rate(rawSeconds)).toFixed(2)}×`.padStart(21)}`,
    )
    if (apiCreated !== contacts) {
      console.error(`The API created ${apiCreated} of ${contacts} contacts.`)
      process.exitCode = 1
    }

    const byKey: Target = {
      kind: 'http',
      url: new URL('/api/v1/topics', config.apiUrl).toString(),
      headers: { authorization: `Bearer ${key}` },
    }
    const byJwt: Target = {
      kind: 'http',
      url: new URL(`/api/topics?organizationId=${orgId}`, config.apiUrl).toString(),
      headers: { authorization: user.idToken },
    }
    const deadline = Date.now() + TIME_LIMIT_MS
    await load(byKey, WARMUP, { concurrency: CONCURRENCY, deadline })
    await load(byJwt, WARMUP, { concurrency: CONCURRENCY, deadline })
    const keyed = await load(byKey, REQUESTS, { concurrency: CONCURRENCY, deadline })
    const signedIn = await load(byJwt, REQUESTS, { concurrency: CONCURRENCY, deadline })
    const row = (label: string, result: LoadResult) =>
      `${label.padEnd(40)}${ms(percentile(result.latencies, 50))}${ms(percentile(result.latencies, 99))}${String(result.errors).padStart(8)}`
    console.log(
      `\nThe topics list with an API key vs with a JWT — ${REQUESTS} requests each (after ${WARMUP} warm-up), concurrency ${CONCURRENCY}\n`,
    )
    console.log(`${''.padEnd(40)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'errors'.padStart(8)}`)
    console.log(row('GET /api/v1/topics (API key)', keyed))
    console.log(row('GET /api/topics (JWT)', signedIn))
    const ratio = (p: number) =>
      (percentile(keyed.latencies, p) / percentile(signedIn.latencies, p)).toFixed(2)
    console.log(
      `${'ratio key / JWT'.padEnd(40)}${`${ratio(50)}×`.padStart(10)}${`${ratio(99)}×`.padStart(10)}\n`,
    )
    if (keyed.errors > 0 || signedIn.errors > 0) process.exitCode = 1
  } finally {
    restore()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
