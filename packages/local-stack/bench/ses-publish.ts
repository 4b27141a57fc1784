/**
 * `npm run bench` (third part): publishing templates to a customer's SES as a background job, against the pace
 * SES allows (about one control-plane call per second per account; the local SES throttles the same way).
 * A first publish is one call per template (CreateEmailTemplate); a re-publish is two (a fresh GetEmailTemplate,
 * so a change made in SES is never overwritten unasked, then UpdateEmailTemplate). Both are paced at the limit in
 * total: N templates re-published take about 2N seconds. Reports calls per second achieved as a ratio to the
 * pacing limit (goal ≥ 0.95 for each).
 */
import { rmSync } from 'node:fs'
import { ENV } from '@app/contracts'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { createLocalCustomerAccount } from '../src/testing/local-aws'
import { scratchDir } from '../src/testing/scratch-dir'
import { signUpOnPaidPlan } from './paid-organization'

const TEMPLATES = Math.min(Number(process.env.BENCH_SES_TEMPLATES ?? 60), 100)
const RATE = Number(process.env[ENV.sesControlPlaneRate] ?? 1)

interface JobBody {
  id: string
  status: string
  counts: { total: number; succeeded: number; failed: number }
  startedAt: string | null
  finishedAt: string | null
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const dataDir = scratchDir('ses-studio-bench-ses-')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'warn' })
  const { config } = stack
  try {
    const { api, orgId } = await signUpOnPaidPlan(config)
    const keys = await createLocalCustomerAccount(config)
    const account = await api.post<{ id: string }>(`/api/aws-accounts?organizationId=${orgId}`, {
      method: 'keys',
      region: 'us-east-1',
      accessKeyId: keys.accessKeyId,
      secretAccessKey: keys.secretAccessKey,
    })
    if (account.status !== 201) throw new Error(`POST /api/aws-accounts answered ${account.status}`)
    const ids: string[] = []
    for (let index = 0; index < TEMPLATES; index++) {
      const template = await api.post<{ id: string }>(`/api/templates?organizationId=${orgId}`, {
        name: `bench_${String(index).padStart(3, '0')}`,
        editorType: 'HTML',
        subject: `Hello {{name}} #${index}`,
        source: `<html><body><p>Hello {{name}}, message ${index}.</p></body></html>`,
      })
      if (template.status !== 201) throw new Error(`POST /api/templates answered ${template.status}`)
      ids.push(template.body.id)
    }
    // Let the account's SES bucket refill after the connection check, as an idle account's would be.
    await new Promise((resolve) => setTimeout(resolve, 5_000))

    const query = `organizationId=${orgId}&awsAccountId=${account.body.id}`
    const runPublish = async () => {
      const started = await api.patch<JobBody>(`/api/ses?${query}`, { templateIds: ids })
      if (started.status !== 202) throw new Error(`PATCH /api/ses answered ${started.status}`)
      let job = started.body
      while (!job.finishedAt) {
        await new Promise((resolve) => setTimeout(resolve, 500))
        job = (await api.get<JobBody>(`/api/jobs/${job.id}?organizationId=${orgId}`)).body
      }
      if (job.counts.succeeded !== TEMPLATES)
        throw new Error(`job ended ${job.status}: ${JSON.stringify(job.counts)}`)
      return (Date.parse(job.finishedAt) - Date.parse(job.startedAt ?? job.finishedAt)) / 1000
    }
    const report = (title: string, seconds: number, callsPerTemplate: number) => {
      // N paced calls span N − 1 intervals (the first goes at once): the sustained rate is what compares to the limit.
      const calls = TEMPLATES * callsPerTemplate
      const rate = (calls - 1) / seconds
      console.log(`\n${title}, pacing ${RATE}/s\n`)
      console.log(`${'SES calls'.padEnd(38)}${String(calls).padStart(12)}`)
      console.log(`${'job run time'.padEnd(38)}${`${seconds.toFixed(1)} s`.padStart(12)}`)
      console.log(`${'sustained call rate'.padEnd(38)}${`${rate.toFixed(3)}/s`.padStart(12)}`)
      console.log(
        `${'ratio to the pacing limit (goal ≥ 0.95)'.padEnd(38)}${(rate / RATE).toFixed(3).padStart(12)}`,
      )
    }

    report(
      `Publish ${TEMPLATES} new templates to SES as a job (one CreateEmailTemplate each)`,
      await runPublish(),
      1,
    )
    for (const [index, id] of ids.entries()) {
      const saved = await api.patch<{ version: number }>(`/api/templates/${id}`, {
        version: 1,
        subject: `Hello again {{name}} #${index}`,
      })
      if (saved.status !== 200) throw new Error(`PATCH /api/templates answered ${saved.status}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    report(
      `Re-publish ${TEMPLATES} changed templates (a fresh GetEmailTemplate, then UpdateEmailTemplate, each)`,
      await runPublish(),
      2,
    )
    console.log('')
  } finally {
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
