import { fileURLToPath } from 'node:url'
import {
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { LocalQueue } from '../config'
import { flakyCalls } from '../testing/fixtures/functions/workers/flaky'
import { injectLocalStack } from '../testing/inject-local-stack'
import { type QueuePoller, startQueuePoller } from './sqs-poller'
import { ensureQueue } from './sqs-server'

const stack = injectLocalStack()
const FLAKY_WORKER = fileURLToPath(new URL('../testing/fixtures/functions/workers/flaky.ts', import.meta.url))
const client = new SQSClient({
  region: stack.region,
  endpoint: stack.sqsEndpoint,
  credentials: { ...stack.credentials },
})

let queue: LocalQueue
let poller: QueuePoller

beforeAll(async () => {
  queue = await ensureQueue(client, {
    name: `poller-test-${Date.now()}`,
    // Longer than the poll wait: local-aws-sqs would otherwise hand one long poll the same message twice.
    visibilityTimeoutSeconds: 2,
    maxReceiveCount: 2,
  })
  poller = startQueuePoller({
    client,
    queueUrl: queue.url,
    queueArn: queue.arn,
    region: stack.region,
    modulePath: FLAKY_WORKER,
    functionName: 'test-flaky',
    batchSize: 10,
    timeoutMs: 5_000,
    waitTimeSeconds: 1,
    log: () => {},
  })
})
afterAll(async () => {
  await poller?.stop()
  client.destroy()
})

const callsWith = (body: string) => flakyCalls().filter((call) => call.bodies.includes(body))

async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('condition not met in time')
}

/** Bodies of the distinct messages in the DLQ (local-aws-sqs may list a moved message more than once). */
async function dlqBodies(): Promise<string[]> {
  const { Messages = [] } = await client.send(
    new ReceiveMessageCommand({ QueueUrl: queue.dlqUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
  )
  return [...new Map(Messages.map((message) => [message.MessageId, message.Body ?? ''])).values()]
}

it('deletes what succeeded, redelivers reported failures and moves them to the DLQ after maxReceiveCount', async () => {
  await client.send(
    new SendMessageBatchCommand({
      QueueUrl: queue.url,
      Entries: [
        { Id: 'ok', MessageBody: 'ok-1' },
        { Id: 'fail', MessageBody: 'fail-1' },
      ],
    }),
  )

  const dead = await waitFor(async () => {
    const bodies = await dlqBodies()
    return bodies.includes('fail-1') ? bodies : undefined
  })
  expect(dead).toEqual(['fail-1'])
  expect(callsWith('ok-1')).toHaveLength(1)
  const failing = callsWith('fail-1')
  expect(failing).toHaveLength(2)
  expect(failing.map((call) => call.receiveCounts[call.bodies.indexOf('fail-1')])).toEqual(['1', '2'])
  expect(failing[0]?.eventSourceARN).toBe(queue.arn)
})

it('redelivers the whole batch when the worker throws', async () => {
  await client.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'throw' }))
  const dead = await waitFor(async () => {
    const bodies = await dlqBodies()
    return bodies.includes('throw') ? bodies : undefined
  })
  expect(dead).toEqual(expect.arrayContaining(['throw']))
  expect(callsWith('throw')).toHaveLength(2)
})
