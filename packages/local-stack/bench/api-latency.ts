/**
 * `npm run bench`: latency of GET /api/account through the local API gateway (JWT check, event building, the
 * real account handler, DynamoDB Local) at concurrency 50, against a raw DynamoDB GetItem on the same
 * DynamoDB Local in the same run. Bounded in requests and time; loopback only.
 */
import { rmSync } from 'node:fs'
import { accountKey } from '@app/core/db/keys'
import { formatBundleSizes, synthBundleSizes } from '@app/infra/bundle-sizes'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { apiClient } from '../src/testing/api-client'
import { signUp } from '../src/testing/cognito-users'
import { scratchDir } from '../src/testing/scratch-dir'
import { load, percentile } from './load'
import type { LoadResult, Target } from './load-lanes'

const REQUESTS = Math.min(Number(process.env.BENCH_REQUESTS ?? 2000), 20_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const WARMUP = Math.min(300, REQUESTS)
const TIME_LIMIT_MS = 120_000

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10)

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const dataDir = scratchDir('ses-studio-bench-')
  console.log('Starting the local stack…')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'warn' })
  const { config } = stack
  try {
    const user = await signUp(config)
    const created = await apiClient(config, user.idToken).post('/api/account', { email: user.email })
    if (created.status !== 201) throw new Error(`POST /api/account answered ${created.status}`)

    const gatewayTarget: Target = {
      kind: 'http',
      url: new URL('/api/account', config.apiUrl).toString(),
      headers: { authorization: user.idToken },
    }
    const { PK, SK } = accountKey(user.sub)
    const getItemTarget: Target = {
      kind: 'getItem',
      endpoint: config.dynamodbEndpoint,
      region: config.region,
      credentials: { ...config.credentials },
      tableName: config.tableName,
      key: { PK: { S: PK }, SK: { S: SK } },
    }

    const deadline = Date.now() + TIME_LIMIT_MS
    await load(gatewayTarget, WARMUP, { concurrency: CONCURRENCY, deadline })
    await load(getItemTarget, WARMUP, { concurrency: CONCURRENCY, deadline })
    const gateway = await load(gatewayTarget, REQUESTS, { concurrency: CONCURRENCY, deadline })
    const baseline = await load(getItemTarget, REQUESTS, { concurrency: CONCURRENCY, deadline })

    const row = (label: string, result: LoadResult) =>
      `${label.padEnd(30)}${ms(percentile(result.latencies, 50))}${ms(percentile(result.latencies, 99))}` +
      `${String(Math.round((result.latencies.length / result.wallMs) * 1000)).padStart(9)}${String(result.errors).padStart(8)}`
    console.log(
      `\nGET /api/account via the local gateway vs raw DynamoDB GetItem — ${REQUESTS} requests each ` +
        `(after ${WARMUP} warm-up), concurrency ${CONCURRENCY}, boot ${(config.bootMs / 1000).toFixed(1)} s\n`,
    )
    console.log(
      `${''.padEnd(30)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'req/s'.padStart(9)}${'errors'.padStart(8)}`,
    )
    console.log(row('gateway GET /api/account', gateway))
    console.log(row('DynamoDB GetItem (baseline)', baseline))
    const ratio = (p: number) =>
      (percentile(gateway.latencies, p) / percentile(baseline.latencies, p)).toFixed(1)
    console.log(
      `${'ratio gateway / GetItem'.padEnd(30)}${`${ratio(50)}×`.padStart(10)}${`${ratio(99)}×`.padStart(10)}\n`,
    )
    if (gateway.errors > 0 || baseline.errors > 0) process.exitCode = 1
  } finally {
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  console.log('Lambda bundle sizes (minified index.mjs from a fresh synth; budget 500 KB per API function)\n')
  console.log(`${formatBundleSizes(synthBundleSizes())}\n`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
