import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'
import { failNextScheduled, scheduledCalls } from '../testing/fixtures/functions/workers/scheduled'
import { type ScheduleRunner, startScheduleRunner } from './schedule-runner'

const MODULE = fileURLToPath(new URL('../testing/fixtures/functions/workers/scheduled.ts', import.meta.url))

let runner: ScheduleRunner | undefined
afterEach(async () => {
  await runner?.stop()
  scheduledCalls().length = 0
  failNextScheduled(false)
})

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 10_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const start = (everyMs: number, log: (line: string) => void = () => {}) =>
  startScheduleRunner({
    modulePath: MODULE,
    functionName: 'test-scheduled',
    expression: 'cron(17 4 * * ? *)',
    everyMs,
    timeoutMs: 5000,
    log,
  })

it('invokes the function with a Scheduled Event each period, never at start', async () => {
  runner = start(60_000)
  expect(scheduledCalls()).toHaveLength(0)
  await runner.runOnce()
  expect(scheduledCalls()).toHaveLength(1)
  expect(scheduledCalls()[0]).toMatchObject({
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    detail: {},
  })
  expect(scheduledCalls()[0]?.resources[0]).toContain('cron(17 4 * * ? *)')
  await runner.stop()

  runner = start(20)
  await until(() => scheduledCalls().length >= 3, 'three timed runs')
})

it('logs a failed run and keeps the schedule going', async () => {
  const lines: string[] = []
  runner = start(60_000, (line) => lines.push(line))
  failNextScheduled(true)
  await runner.runOnce()
  expect(lines.join('\n')).toContain('scheduled test-scheduled failed: scheduled run crashed')
  failNextScheduled(false)
  await runner.runOnce()
  expect(scheduledCalls()).toHaveLength(2)
})
