/**
 * The campaign benches' stack: the local stack as `npm start` runs it (its SQS pollers run the real
 * `campaign-dispatch` and `campaign-send` workers in this process), plus more pollers on the send queue — Lambda
 * runs a queue's invocations side by side (an SQS event source starts with five), `npm start` one at a time —
 * and a clock this process can move forward (the daily-quota scenario's "next day").
 */
import { ServerResponse } from 'node:http'
import { join } from 'node:path'
import { QUEUES } from '@app/contracts'
import { SQSClient } from '@aws-sdk/client-sqs'
import type { LocalStackConfig } from '../src/config'
import { FUNCTIONS_SRC } from '../src/repo-paths'
import { type QueuePoller, startQueuePoller } from '../src/sqs/sqs-poller'

/** `count - 1` more pollers on the campaignSend queue beside the stack's own (so `count` invocations at once). */
export function sendWorkers(config: LocalStackConfig, count: number): { stop(): Promise<void> } {
  const client = new SQSClient({
    region: config.region,
    endpoint: config.sqsEndpoint,
    credentials: config.credentials,
  })
  const queue = config.queues.campaignSend
  const pollers: QueuePoller[] = Array.from({ length: Math.max(0, count - 1) }, (_, index) =>
    startQueuePoller({
      client,
      queueUrl: queue.url,
      queueArn: queue.arn,
      region: config.region,
      modulePath: join(FUNCTIONS_SRC, 'workers', 'campaign-send.ts'),
      functionName: `ses-studio-bench-campaign-send-${index + 2}`,
      batchSize: QUEUES.campaignSend.batchSize,
      timeoutMs: 180_000,
      log: (line) => {
        if (line.includes('failed:') || line.includes('queue poller')) console.error(line)
      },
    }),
  )
  return {
    async stop() {
      await Promise.all(pollers.map((poller) => poller.stop()))
      client.destroy()
    },
  }
}

const RealDate = Date
let offsetMs = 0

/** From now on `Date` (and `Date.now`) in this process runs `offsetMs` ahead of the wall clock (0: in step). */
export function installMovableClock(): void {
  class MovableDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offsetMs)
      else super(...(args as [string | number]))
    }
    static override now(): number {
      return RealDate.now() + offsetMs
    }
  }
  globalThis.Date = MovableDate as DateConstructor
  // Node's servers write their `Date` header from the real clock, and the AWS SDK corrects its clock skew from
  // it — then signs with the real time, which the local AWS gateway (on this clock) refuses. Servers in this
  // process answer on this clock.
  const writeHead = ServerResponse.prototype.writeHead
  ServerResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (offsetMs !== 0 && !this.headersSent && !this.hasHeader('date'))
      this.setHeader('date', new Date().toUTCString())
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args)
  } as typeof writeHead
}

/** Moves this process's clock forward by `ms` (timers — SQS's delays and visibility timeouts — keep real time). */
export function moveClock(ms: number): void {
  offsetMs += ms
}
