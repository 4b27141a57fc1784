import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs'
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda'
import { loadHandler } from '../lambda/handler-module'
import { createLambdaContext } from '../lambda/lambda-context'
import { withTimeout } from '../lambda/with-timeout'
import { toSqsEvent } from './sqs-event'

export interface QueuePollerOptions {
  client: SQSClient
  queueUrl: string
  queueArn: string
  region: string
  /** `functions/src/workers/<worker>.ts` (or a test worker). */
  modulePath: string
  functionName: string
  batchSize: number
  /** The worker's Lambda timeout; a slower run counts as a failed batch. */
  timeoutMs: number
  waitTimeSeconds?: number
  log: (line: string) => void
}

/**
 * SQS answers a long poll as soon as a message is there; local-aws-sqs only when the batch is full or the wait is
 * over, so a lone message waited out the whole wait (10 s at each queue hop). A 1 s wait keeps the hop near
 * what Lambda's event source mapping achieves, at one idle ReceiveMessage a second per queue.
 */
const LONG_POLL_SECONDS = 1

export interface QueuePoller {
  stop(): Promise<void>
}

/**
 * What Lambda's SQS event source mapping does with `ReportBatchItemFailures`: long-poll, invoke the worker
 * with an `SQSEvent`, delete what succeeded, and leave failed records to reappear after the visibility timeout
 * (and reach the DLQ after maxReceiveCount). A thrown error or an invalid answer fails the whole batch.
 */
export function startQueuePoller(options: QueuePollerOptions): QueuePoller {
  const abort = new AbortController()
  let stopped = false

  async function pollOnce(): Promise<void> {
    const received = await options.client.send(
      new ReceiveMessageCommand({
        QueueUrl: options.queueUrl,
        MaxNumberOfMessages: options.batchSize,
        WaitTimeSeconds: options.waitTimeSeconds ?? LONG_POLL_SECONDS,
        AttributeNames: ['All'],
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
      { abortSignal: abort.signal },
    )
    const messages = latestPerMessage(received.Messages ?? [])
    if (messages.length === 0 || stopped) return
    const failed = await invoke(messages)
    const succeeded = messages.filter((message) => !failed.has(message.MessageId ?? ''))
    if (succeeded.length > 0)
      await options.client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: options.queueUrl,
          Entries: succeeded.map((message, index) => ({
            Id: String(index),
            ReceiptHandle: message.ReceiptHandle,
          })),
        }),
      )
  }

  async function invoke(messages: Message[]): Promise<Set<string>> {
    const all = new Set(messages.map((message) => message.MessageId ?? ''))
    const started = Date.now()
    try {
      const handler = await loadHandler<SQSEvent, SQSBatchResponse | undefined>(options.modulePath)
      const event = toSqsEvent(messages, options.queueArn, options.region)
      const context = createLambdaContext(options.functionName, options.timeoutMs)
      const result = await withTimeout(Promise.resolve(handler(event, context)), options.timeoutMs)
      const failed = reportedFailures(result, all)
      options.log(
        `worker ${options.functionName}: ${messages.length} record(s), ${failed.size} failed (${Date.now() - started} ms)`,
      )
      return failed
    } catch (error) {
      options.log(
        `worker ${options.functionName} failed: ${error instanceof Error ? error.message : String(error)}`,
      )
      return all
    }
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await pollOnce()
      } catch (error) {
        if (stopped) break
        options.log(
          `queue poller ${options.functionName}: ${error instanceof Error ? error.message : String(error)}`,
        )
        await new Promise((resolve) => setTimeout(resolve, 1_000))
      }
    }
  })()

  return {
    async stop() {
      stopped = true
      abort.abort()
      await loop
    },
  }
}

/** Lambda's rule: failures must name messages of the batch; anything else fails the whole batch. */
function reportedFailures(result: SQSBatchResponse | undefined, batch: Set<string>): Set<string> {
  if (result === undefined || result === null) return new Set()
  const failures = (result as Partial<SQSBatchResponse>).batchItemFailures
  if (failures === undefined) return new Set()
  if (!Array.isArray(failures)) return batch
  const ids = failures.map((failure) => failure?.itemIdentifier)
  if (ids.some((id) => typeof id !== 'string' || !batch.has(id))) return batch
  return new Set(ids as string[])
}

/** local-aws-sqs can return a message twice in one long poll when it turns visible again meanwhile. */
function latestPerMessage(messages: Message[]): Message[] {
  return [...new Map(messages.map((message) => [message.MessageId, message])).values()]
}
