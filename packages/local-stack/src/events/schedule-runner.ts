import type { ScheduledEvent } from 'aws-lambda'
import { loadHandler } from '../lambda/handler-module'
import { createLambdaContext } from '../lambda/lambda-context'
import { withTimeout } from '../lambda/with-timeout'

export interface ScheduleRunnerOptions {
  /** `functions/src/workers/<worker>.ts` (or a test module). */
  modulePath: string
  functionName: string
  /** What the EventBridge rule says (recorded in the event's `resources`). */
  expression: string
  /** Time between runs (`SCHEDULES[name].everyMs`); the first run is one period after the start. */
  everyMs: number
  timeoutMs: number
  log: (line: string) => void
}

export interface ScheduleRunner {
  /** One run now, as the rule would start it; resolves when the handler has returned (or failed, logged). */
  runOnce(): Promise<void>
  stop(): Promise<void>
}

/**
 * What an EventBridge schedule rule does on AWS, for `npm start`: invokes the function with a `Scheduled Event`
 * every period. Not at start: a stack started for tests must not begin background work on its own.
 */
export function startScheduleRunner(options: ScheduleRunnerOptions): ScheduleRunner {
  let running: Promise<void> = Promise.resolve()
  async function invoke(): Promise<void> {
    const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
    const event: ScheduledEvent = {
      version: '0',
      id: crypto.randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: '000000000000',
      time,
      region: 'us-east-1',
      resources: [`local:schedule/${options.functionName} ${options.expression}`],
      detail: {},
    }
    try {
      const handler = await loadHandler<ScheduledEvent, unknown>(options.modulePath)
      const context = createLambdaContext(options.functionName, options.timeoutMs)
      await withTimeout(Promise.resolve(handler(event, context)), options.timeoutMs)
    } catch (error) {
      options.log(
        `scheduled ${options.functionName} failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  const runOnce = () => {
    // One run at a time, as a rule's invocations of a slow function would queue here.
    running = running.then(invoke)
    return running
  }
  const timer = setInterval(() => void runOnce(), options.everyMs)
  timer.unref()
  return {
    runOnce,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
