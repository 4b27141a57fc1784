/**
 * Subscribers on their own queues (the real local SQS stand-in, drained by the local stack's queue poller, as
 * `npm start` runs the workers): one that fails delays no other and is retried alone until it succeeds.
 */
import { fileURLToPath } from 'node:url'
import { dispatch, type SubscriberRoutes } from '@app/core/events/dispatch'
import { newEvent, publish } from '@app/core/events/outbox'
import { type QueuePoller, startQueuePoller } from '@app/local-stack/sqs/sqs-poller'
import { ensureQueue } from '@app/local-stack/sqs/sqs-server'
import { injectLocalStack } from '@app/local-stack/testing/inject-local-stack'
import { SQSClient } from '@aws-sdk/client-sqs'
import { afterAll, describe, expect, it } from 'vitest'
import { flaky, steady, subscriberRuns } from './subscriber-fixture'

const stack = injectLocalStack()
const WORKER = fileURLToPath(new URL('./subscriber-fixture.ts', import.meta.url))
const client = new SQSClient({
  region: stack.region,
  endpoint: stack.sqsEndpoint,
  credentials: { ...stack.credentials },
})
const pollers: QueuePoller[] = []
afterAll(async () => {
  await Promise.all(pollers.map((poller) => poller.stop()))
  client.destroy()
})

async function queueWithWorker(name: string) {
  const queue = await ensureQueue(client, {
    name: `${name}-${Date.now()}`,
    // Longer than the poll wait (local-aws-sqs would hand one long poll the same message twice), short for a test.
    visibilityTimeoutSeconds: 2,
    maxReceiveCount: 10,
  })
  pollers.push(
    startQueuePoller({
      client,
      queueUrl: queue.url,
      queueArn: queue.arn,
      region: stack.region,
      modulePath: WORKER,
      functionName: `test-${name}`,
      batchSize: 1,
      timeoutMs: 5_000,
      waitTimeSeconds: 1,
      log: () => {},
    }),
  )
  return queue
}

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('subscriber queues', () => {
  it('a failing subscriber delays no other subscriber of the event and is retried alone until it succeeds', async () => {
    const [steadyQueue, flakyQueue] = await Promise.all([queueWithWorker('steady'), queueWithWorker('flaky')])
    const routes: SubscriberRoutes = {
      inline: [],
      queues: [
        { name: 'steady', url: () => steadyQueue.url, subscribers: [steady] },
        { name: 'flaky', url: () => flakyQueue.url, subscribers: [flaky] },
      ],
    }
    const runs = subscriberRuns()
    const event = newEvent(
      'account.deleted',
      null,
      { accountId: `acc-${Date.now()}` },
      {
        type: 'system',
        name: 'test',
      },
    )
    await publish(event)

    // Fanned out: the event is dispatched once each queue has its message, whatever the subscribers do.
    expect(await dispatch([event], routes)).toEqual({ dispatched: [event.id], failed: [] })

    // The steady subscriber handles it at once, while the flaky one fails.
    await until(() => runs.steady.includes(event.id) && runs.flakyAttempts >= 1, 5_000)
    expect(runs.flaky).toEqual([])

    // Redelivered by SQS (after the visibility timeout), it fails again while its provider is down…
    await until(() => runs.flakyAttempts >= 2)
    expect(runs.flaky).toEqual([])

    // …and handles the event once it is back; the steady subscriber never ran again.
    runs.flakyDown = false
    await until(() => runs.flaky.includes(event.id))
    expect(runs.flaky).toEqual([event.id])
    expect(runs.steady).toEqual([event.id])

    // A second delivery of the event (the stream's retry) is skipped by both: each handled it once.
    expect((await dispatch([event], routes)).failed).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(runs.steady).toEqual([event.id])
    expect(runs.flaky).toEqual([event.id])
  })
})
