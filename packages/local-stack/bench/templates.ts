/**
 * `npm run bench` (second part): the template pipeline's speed, each figure against a baseline measured in the
 * same run on the same machine.
 *  1. Compiling a large MJML template on the server (mjml, as the API does on every save) against parsing the
 *     same markup with htmlparser2 — what reading the bytes alone costs.
 *  2. Saving a template through the local API gateway (PATCH with the edited version: validation, compile, lint,
 *     the template + version transaction) against a plain DynamoDB PutItem of an item the size of the template.
 */
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { compileTemplate, largeMjmlSource } from '@app/email'
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb'
import { parseDocument } from 'htmlparser2'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { scratchDir } from '../src/testing/scratch-dir'
import { percentile } from './load'
import { signUpOnPaidPlan } from './paid-organization'

const COMPILES = Math.min(Number(process.env.BENCH_COMPILES ?? 40), 500)
const SAVES = Math.min(Number(process.env.BENCH_SAVES ?? 150), 2000)
const SECTIONS = 200

const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(12)

async function time(count: number, run: (index: number) => Promise<unknown> | unknown): Promise<number[]> {
  const samples: number[] = []
  for (let index = 0; index < count; index++) {
    const started = performance.now()
    await run(index)
    samples.push(performance.now() - started)
  }
  return samples
}

function report(title: string, subject: [string, number[]], baseline: [string, number[]]): void {
  console.log(`\n${title}\n`)
  console.log(`${''.padEnd(38)}${'p50'.padStart(12)}${'p99'.padStart(12)}`)
  for (const [label, samples] of [subject, baseline])
    console.log(`${label.padEnd(38)}${ms(percentile(samples, 50))}${ms(percentile(samples, 99))}`)
  const ratio = (p: number) => (percentile(subject[1], p) / percentile(baseline[1], p)).toFixed(1)
  console.log(`${'ratio'.padEnd(38)}${`${ratio(50)}×`.padStart(12)}${`${ratio(99)}×`.padStart(12)}`)
}

async function compileBench(): Promise<void> {
  const source = largeMjmlSource(SECTIONS)
  const first = await compileTemplate({ editorType: 'MJML', source })
  if (first.errors.length) throw new Error(`the large template does not compile: ${first.errors[0]?.message}`)
  await time(3, () => compileTemplate({ editorType: 'MJML', source }))
  const compiles = await time(COMPILES, () => compileTemplate({ editorType: 'MJML', source }))
  const parses = await time(COMPILES, () => parseDocument(source))
  report(
    `Compile a large MJML template (${SECTIONS} sections, ${(source.length / 1024).toFixed(0)} KB MJML → ${(first.html.length / 1024).toFixed(0)} KB HTML), ${COMPILES} runs each`,
    ['mjml compile (server)', compiles],
    ['htmlparser2 parse (baseline)', parses],
  )
}

async function saveBench(): Promise<void> {
  const dataDir = scratchDir('ses-studio-bench-templates-')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'warn' })
  const { config } = stack
  try {
    const { api, orgId } = await signUpOnPaidPlan(config)
    const dynamo = new DynamoDBClient({
      endpoint: config.dynamodbEndpoint,
      region: config.region,
      credentials: config.credentials,
      maxAttempts: 1,
    })
    const source = largeMjmlSource(20)
    const template = await api.post<{ id: string; version: number }>(
      `/api/templates?organizationId=${orgId}`,
      { name: 'bench', editorType: 'MJML', subject: 'Hello {{name}}', source },
    )
    if (template.status !== 201) throw new Error(`POST /api/templates answered ${template.status}`)
    let version = template.body.version
    const save = async (index: number) => {
      const saved = await api.patch<{ version: number }>(`/api/templates/${template.body.id}`, {
        version,
        subject: `Hello {{name}} #${index}`,
      })
      if (saved.status !== 200) throw new Error(`PATCH answered ${saved.status}`)
      version = saved.body.version
    }
    const stored = await api.get<object>(`/api/templates/${template.body.id}`)
    const itemBytes = JSON.stringify(stored.body).length
    const put = (index: number) =>
      dynamo.send(
        new PutItemCommand({
          TableName: config.tableName,
          Item: {
            PK: { S: `BENCH#${orgId}` },
            SK: { S: `ITEM#${index}` },
            body: { S: 'x'.repeat(itemBytes) },
          },
        }),
      )
    await time(10, (index) => save(-index - 1))
    await time(10, (index) => put(-index - 1))
    const saves = await time(SAVES, save)
    const puts = await time(SAVES, put)
    report(
      `Save a template through the local API gateway (PATCH, new version, ${(itemBytes / 1024).toFixed(0)} KB template), ${SAVES} sequential saves each`,
      ['gateway PATCH /api/templates/{id}', saves],
      ['DynamoDB PutItem, same size (baseline)', puts],
    )
    dynamo.destroy()
  } finally {
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  await compileBench()
  await saveBench()
  console.log('')
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
