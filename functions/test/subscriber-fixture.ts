/**
 * Test subscribers for `subscriber-queues.int.test.ts`, and the worker the queue pollers load (by file URL, so
 * state is kept on globalThis: the poller's module instance and the test's need not be one).
 */
import { on } from '@app/core/events/dispatch'
import { subscriberWorker } from '../src/workers/subscriber-worker'

const registry = globalThis as {
  __subscriberRuns?: { steady: string[]; flaky: string[]; flakyAttempts: number; flakyDown: boolean }
}

export function subscriberRuns() {
  registry.__subscriberRuns ??= { steady: [], flaky: [], flakyAttempts: 0, flakyDown: true }
  return registry.__subscriberRuns
}

export const steady = on('account.deleted', 'test.steady', async (event) => {
  subscriberRuns().steady.push(event.id)
})

/** Fails while `flakyDown` (a provider that is down), then handles the event. */
export const flaky = on('account.deleted', 'test.flaky', async (event) => {
  const runs = subscriberRuns()
  runs.flakyAttempts += 1
  if (runs.flakyDown) throw new Error('provider down')
  runs.flaky.push(event.id)
})

export const handler = subscriberWorker({ name: 'test', subscribers: [steady, flaky] }, 'test-subscribers')
