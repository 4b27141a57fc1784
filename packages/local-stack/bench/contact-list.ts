/**
 * `npm run bench` (audience part): `GET /api/contacts` with filters on an organization of 100,000 contacts
 * (BENCH_CONTACTS), through the local API gateway (JWT check, plan gate, the real contacts handler, DynamoDB
 * Local), against one raw DynamoDB `Query` reading the same index for a page of the same size, in the same run.
 * Contacts are written with the items of core's one writer, in batches (see `seed`); every second one is
 * subscribed to the topic. Prints p50/p99 per filter and the ratio to the raw Query. Bounded in requests and time; loopback only.
 */
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { type ContactRecord, upsertContacts } from '@app/core/audience/public'
import { contactWriteItems, contribution } from '@app/core/audience/writes'
import { dynamo } from '@app/core/aws'
import { batchWrite, type WriteRequest } from '@app/core/db/batch'
import {
  AUDIENCE_COUNTS_SK,
  audienceCountPartition,
  contactEmailIndexPartition,
  preferencePartition,
} from '@app/core/db/keys'
import { shardKey } from '@app/core/db/shards'
import { tableName } from '@app/core/db/table'
import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { applyEnvironment, handlerEnvironment } from '../src/environment'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { scratchDir } from '../src/testing/scratch-dir'
import { load, percentile } from './load'
import type { Target } from './load-lanes'
import { signUpOnPaidPlan } from './paid-organization'

const CONTACTS = Math.min(Number(process.env.BENCH_CONTACTS ?? 100_000), 1_000_000)
const REQUESTS = Math.min(Number(process.env.BENCH_LIST_REQUESTS ?? 400), 5_000)
const CONCURRENCY = Number(process.env.BENCH_LIST_CONCURRENCY ?? 8)
const WARMUP = Math.min(50, REQUESTS)
const PAGE = 50
const TIME_LIMIT_MS = 180_000

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(11)
const email = (index: number) => `contact-${String(index).padStart(7, '0')}@bench.example.com`

/**
 * Writes the organization's contacts as the one writer would (`contactWriteItems`: contact with its index keys,
 * email claim, preference items, trail entry, counters), in batches: a fresh organization needs none of the
 * writer's conditions, and 100,000 single-row transactions would measure the seeding, not the list. Every even
 * contact opts in to `topicId`. Then one `upsertContacts` batch checks the writer's own path agrees.
 */
/** The counters' first shard gets the sums (the list reads every shard). */
async function addToCounters(orgId: string, counters: Map<string, number>): Promise<void> {
  const entries = [...counters]
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: shardKey(audienceCountPartition(orgId), 0), SK: AUDIENCE_COUNTS_SK },
      UpdateExpression: `ADD ${entries.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#c${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:c${index}`, value])),
    }),
  )
}

async function seed(orgId: string, topicId: string): Promise<number> {
  const started = performance.now()
  const at = new Date().toISOString()
  const active = new Set([topicId])
  const counters = new Map<string, number>()
  const puts: WriteRequest[] = []
  const flush = async () => {
    await batchWrite(puts.splice(0), { concurrency: 16 })
  }
  for (let index = 0; index < CONTACTS; index++) {
    const contact: ContactRecord = {
      id: ulid(),
      orgId,
      email: email(index),
      firstName: `First${index}`,
      lastName: `Last${index}`,
      attributes: {},
      topics: index % 2 === 0 ? { [topicId]: 'OPT_IN' } : {},
      unsubscribeAll: false,
      suppressed: null,
      source: { kind: 'import' },
      version: 1,
      createdAt: at,
      updatedAt: at,
    }
    const items = contactWriteItems({
      orgId,
      before: null,
      after: contact,
      activeTopicIds: active,
      trail: {
        source: 'import',
        by: null,
        changes: index % 2 === 0 ? [{ topicId, from: null, to: 'OPT_IN' }] : [],
      },
      at,
    })
    for (const item of items)
      if (item.Put?.Item) puts.push({ put: item.Put.Item as Extract<WriteRequest, { put: unknown }>['put'] })
    for (const [name, value] of contribution(contact, active))
      counters.set(name, (counters.get(name) ?? 0) + value)
    if (puts.length >= 5_000) await flush()
  }
  await flush()
  await addToCounters(orgId, counters)
  const [check] = await upsertContacts(orgId, [{ email: email(CONTACTS) }], {
    existing: 'skip',
    topicIds: [topicId],
    origin: { source: 'import' },
  })
  if (check?.outcome !== 'created') throw new Error(`upsertContacts answered ${JSON.stringify(check)}`)
  return (performance.now() - started) / 1000
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const dataDir = scratchDir('ses-studio-bench-contacts-')
  console.log('Starting the local stack…')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'warn' })
  const { config } = stack
  const restore = applyEnvironment(handlerEnvironment(config, 'warn'))
  try {
    const { user, api, orgId } = await signUpOnPaidPlan(config)
    const topic = await api.post<{ id: string }>(`/api/topics?organizationId=${orgId}`, {
      name: 'Newsletter',
      description: 'Bench topic',
      defaultSubscriptionStatus: 'OPT_OUT',
    })
    if (topic.status !== 201) throw new Error(`POST /api/topics answered ${topic.status}`)
    const topicId = topic.body.id
    console.log(`Writing ${CONTACTS.toLocaleString('en')} contacts (the one writer’s items, in batches)…`)
    const seedSeconds = await seed(orgId, topicId)

    const dynamo = {
      endpoint: config.dynamodbEndpoint,
      region: config.region,
      credentials: { ...config.credentials },
    }
    const http = (query: string): Target => ({
      kind: 'http',
      url: new URL(`/api/contacts?organizationId=${orgId}&limit=${PAGE}${query}`, config.apiUrl).toString(),
      headers: { authorization: user.idToken },
    })
    const emailIndex: Target = {
      kind: 'query',
      ...dynamo,
      minItems: PAGE,
      input: {
        TableName: config.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': { S: contactEmailIndexPartition(orgId, 0) } },
        Limit: PAGE,
      },
    }
    const cases: { label: string; gateway: Target; baseline: Target }[] = [
      { label: 'no filter', gateway: http(''), baseline: emailIndex },
      {
        label: 'searchQuery=contact-00012 (prefix)',
        gateway: http('&searchQuery=contact-00012'),
        baseline: {
          ...emailIndex,
          minItems: 1,
          input: {
            ...emailIndex.input,
            KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
            ExpressionAttributeValues: {
              ':pk': { S: contactEmailIndexPartition(orgId, 0) },
              ':prefix': { S: 'contact-00012' },
            },
          },
        },
      },
      {
        label: 'topicId + optIn',
        gateway: http(`&topicId=${topicId}&optIn=true`),
        baseline: {
          kind: 'query',
          ...dynamo,
          minItems: PAGE,
          input: {
            TableName: config.tableName,
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
            ExpressionAttributeValues: {
              ':pk': { S: shardKey(preferencePartition(orgId), 0) },
              ':prefix': { S: `${topicId}#IN#` },
            },
            Limit: PAGE,
          },
        },
      },
    ]

    const deadline = Date.now() + TIME_LIMIT_MS
    console.log(
      `\nGET /api/contacts (${PAGE} a page) on ${CONTACTS.toLocaleString('en')} contacts via the local gateway vs one raw ` +
        `DynamoDB Query of the same index — ${REQUESTS} requests each (after ${WARMUP} warm-up), concurrency ` +
        `${CONCURRENCY}; contacts written in ${seedSeconds.toFixed(0)} s (${Math.round(CONTACTS / seedSeconds)}/s)\n`,
    )
    console.log(
      `${''.padEnd(38)}${'API p50'.padStart(11)}${'API p99'.padStart(11)}${'Query p50'.padStart(11)}${'Query p99'.padStart(11)}${'ratio p50'.padStart(11)}${'errors'.padStart(8)}`,
    )
    let errors = 0
    for (const { label, gateway, baseline } of cases) {
      await load(gateway, WARMUP, { concurrency: CONCURRENCY, deadline })
      await load(baseline, WARMUP, { concurrency: CONCURRENCY, deadline })
      const api = await load(gateway, REQUESTS, { concurrency: CONCURRENCY, deadline })
      const raw = await load(baseline, REQUESTS, { concurrency: CONCURRENCY, deadline })
      errors += api.errors + raw.errors
      const ratio = percentile(api.latencies, 50) / percentile(raw.latencies, 50)
      console.log(
        `${label.padEnd(38)}${ms(percentile(api.latencies, 50))}${ms(percentile(api.latencies, 99))}` +
          `${ms(percentile(raw.latencies, 50))}${ms(percentile(raw.latencies, 99))}${`${ratio.toFixed(1)}×`.padStart(11)}` +
          `${String(api.errors + raw.errors).padStart(8)}`,
      )
    }
    console.log('')
    if (errors > 0) process.exitCode = 1
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
