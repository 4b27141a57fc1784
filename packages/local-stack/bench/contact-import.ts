/**
 * `npm run bench` (contact import): a generated CSV of `BENCH_IMPORT_ROWS` rows (default 100,000; email, first and
 * last name, a custom attribute) imported end to end — presigned PUT to s3rver, `POST contacts/import`, the
 * contactTransfer queue's worker streaming it into the audience, `GET contacts/import/{id}` polled until done —
 * against a plain loop writing the same rows through the same `upsertContacts` (same batches, same mode and
 * topic, same concurrency) into another organization of the same DynamoDB Local, in the same run. Prints both
 * rates, their ratio (the pipeline's overhead: goal ≥ 0.7) and the worker's peak RSS: the contactTransfer worker
 * runs in a process of its own (`worker-process.ts`), as in Lambda; goal < 256 MB whatever the file's size.
 * `BENCH_IMPORT_PLAIN=0` skips the plain loop (the 1,000,000-row run of the README).
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { upsertContacts } from '@app/core/audience/public'
import { applyEnvironment, handlerEnvironment } from '../src/environment'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { scratchDir } from '../src/testing/scratch-dir'
import { signUpOnPaidPlan } from './paid-organization'

const ROWS = Math.min(Number(process.env.BENCH_IMPORT_ROWS ?? 100_000), 1_000_000)
const PLAIN = process.env.BENCH_IMPORT_PLAIN !== '0'
/** The importer's write batch (run.ts default). */
const BATCH = 500

const csvOf = (prefix: string) => {
  const lines = ['email,First name,Last name,Company']
  for (let i = 0; i < ROWS; i += 1) lines.push(`${prefix}-${i}@example.com,Ana ${i},Lima,"Acme, Inc."`)
  return `${lines.join('\r\n')}\r\n`
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const dataDir = scratchDir('ses-studio-bench-import-')
  console.log('Starting the local stack…')
  const stack = await startLocalStack({
    dataDir,
    ports: FREE_PORTS,
    logLevel: process.env.BENCH_LOG_LEVEL === 'debug' ? 'debug' : 'warn',
    unpolledQueues: ['contactTransfer'],
  })
  const environment = handlerEnvironment(
    stack.config,
    process.env.BENCH_LOG_LEVEL === 'debug' ? 'debug' : 'warn',
  )
  const restore = applyEnvironment(environment)
  const worker = fork(
    join(import.meta.dirname, 'worker-process.ts'),
    [join(dataDir, 'local-stack.json'), 'contactTransfer'],
    // Its metrics (EMF lines on stdout) are the worker's business; the poller's lines (stderr) show its progress.
    { env: { ...process.env, ...environment }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  )
  try {
    await once(worker, 'message')
    const pipeline = await signUpOnPaidPlan(stack.config)
    const plain = await signUpOnPaidPlan(stack.config)
    const topicOf = async (setup: typeof pipeline) => {
      const created = await setup.api.post<{ id: string }>(`/api/topics?organizationId=${setup.orgId}`, {
        name: 'News',
        defaultSubscriptionStatus: 'OPT_OUT',
      })
      if (created.status !== 201) throw new Error(`POST /api/topics answered ${created.status}`)
      return created.body.id
    }
    const [pipelineTopic, plainTopic] = await Promise.all([topicOf(pipeline), topicOf(plain)])
    const file = Buffer.from(csvOf('pipeline'))

    let started = performance.now()
    const upload = await pipeline.api.get<{
      uploadUrl: string
      fileKey: string
      headers: Record<string, string>
    }>(`/api/contacts/import?organizationId=${pipeline.orgId}&fileName=bench.csv&fileType=text/csv`)
    if (upload.status !== 200)
      throw new Error(`GET contacts/import answered ${upload.status}: ${JSON.stringify(upload.body)}`)
    const put = await fetch(upload.body.uploadUrl, {
      method: 'PUT',
      headers: upload.body.headers,
      body: file,
    })
    if (!put.ok) throw new Error(`upload answered ${put.status}`)
    const start = await pipeline.api.post<{ id: string }>('/api/contacts/import', {
      organizationId: pipeline.orgId,
      fileKey: upload.body.fileKey,
      fileName: 'bench.csv',
      topicIds: [pipelineTopic],
      existing: 'update',
    })
    if (start.status !== 202) throw new Error(`POST contacts/import answered ${start.status}`)
    let result: { status: string; counts: Record<string, number> }
    for (;;) {
      result = (
        await pipeline.api.get<typeof result>(
          `/api/contacts/import/${start.body.id}?organizationId=${pipeline.orgId}`,
        )
      ).body
      if (result.status === 'succeeded' || result.status === 'failed') break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const pipelineSeconds = (performance.now() - started) / 1000
    worker.send('stop')
    const [{ peakRssBytes }] = (await once(worker, 'message')) as [{ peakRssBytes: number }]

    const rows = Array.from({ length: PLAIN ? ROWS : 0 }, (_, i) => ({
      email: `plain-${i}@example.com`,
      firstName: `Ana ${i}`,
      lastName: 'Lima',
      attributes: { company: 'Acme, Inc.' },
    }))
    started = performance.now()
    for (let at = 0; at < rows.length; at += BATCH)
      await upsertContacts(plain.orgId, rows.slice(at, at + BATCH), {
        existing: 'update',
        topicIds: [plainTopic],
        origin: { source: 'import' },
      })
    const plainSeconds = (performance.now() - started) / 1000

    const rate = (seconds: number) => Math.round(ROWS / seconds)
    const row = (label: string, seconds: number) =>
      `${label.padEnd(58)}${`${seconds.toFixed(1)} s`.padStart(9)}${String(rate(seconds)).padStart(10)}`
    console.log(`\n${ROWS.toLocaleString('en')} contacts, ${(file.length / 1024 / 1024).toFixed(1)} MB CSV\n`)
    console.log(`${''.padEnd(58)}${'time'.padStart(9)}${'rows/s'.padStart(10)}`)
    console.log(row('import: upload → POST → worker → done', pipelineSeconds))
    if (PLAIN) {
      console.log(row(`plain loop: upsertContacts, ${BATCH} rows a call`, plainSeconds))
      console.log(
        `${'ratio import / plain'.padEnd(58)}${(plainSeconds / pipelineSeconds).toFixed(2).padStart(19)}`,
      )
    }
    console.log(`peak RSS of the worker's process: ${Math.round(peakRssBytes / 1024 / 1024)} MB`)
    console.log(`counts: ${JSON.stringify(result.counts)}\n`)
    if (result.status !== 'succeeded' || result.counts.created !== ROWS) {
      console.error('The import did not create every contact.')
      process.exitCode = 1
    }
  } finally {
    if (worker.exitCode === null) worker.kill()
    restore()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
