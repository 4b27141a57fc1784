/**
 * The campaign crash harness's driver: it plays the two campaign queues' workers over real SQS queues of its
 * own (the stack's pollers do not see them), with a seeded random generator deciding where a worker crashes,
 * when a handler throws and when SQS delivers a message again. Shared by the integration tests
 * (`functions/test/campaign-crash-harness.int.test.ts`, `campaign-account-pause.int.test.ts`) and the
 * 10,000-recipient bench (`bench/campaign-crash.ts`).
 */
import { ENV } from '@app/contracts'
import {
  DispatchMessageSchema,
  handleDispatch,
  runSendBatch,
  SendMessageSchema,
  type SendStep,
} from '@app/core/campaigns/public'
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  DeleteQueueCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs'

/** mulberry32: a small seeded generator (the same seed, the same run of faults). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type CrashPoint = SendStep | 'dispatch.claimed'
export const CRASH_POINTS: CrashPoint[] = [
  'dispatch.claimed',
  'start',
  'held',
  'marked',
  'called',
  'answered',
  'settled',
]

class InjectedCrash extends Error {}

export interface HarnessOptions {
  random: () => number
  /** Per crash point and message: the chance of a crash there (each point crashes at least once). */
  crashRate: number
  /** The chance a handler throws (an error of ours, at a random point). */
  errorRate: number
  /** The chance SQS delivers a handled message again. */
  redeliveryRate: number
  /** When given, decides alone where a worker crashes (no random crashes or handler errors). */
  crashWhen?: (point: CrashPoint) => boolean
  /** Called with the batch of a send crashed right after SES accepted it. */
  onCrashAfterAccept?: (message: { shard: number; batchId: string }) => void
}

export class CampaignQueues {
  readonly sqs = new SQSClient({})
  readonly crashes = new Map<CrashPoint, number>()
  /** The last dispatch messages handled (generation/seq → result), for a failure's message. */
  readonly trace: string[] = []
  handlerErrors = 0
  redeliveries = 0
  private urls = { dispatch: '', send: '' }

  constructor(private readonly options: HarnessOptions) {}

  async open(name: string): Promise<void> {
    const create = async (suffix: string) =>
      (await this.sqs.send(new CreateQueueCommand({ QueueName: `${name}-${suffix}` }))).QueueUrl as string
    this.urls = { dispatch: await create('dispatch'), send: await create('send') }
    process.env[ENV.campaignDispatchQueueUrl] = this.urls.dispatch
    process.env[ENV.campaignSendQueueUrl] = this.urls.send
  }

  async close(): Promise<void> {
    for (const url of Object.values(this.urls))
      if (url) await this.sqs.send(new DeleteQueueCommand({ QueueUrl: url }))
    this.sqs.destroy()
  }

  /** Throws an injected crash at `point` (always the first time a point is reached, then at the crash rate). */
  private crashAt(point: CrashPoint, message?: { shard: number; batchId: string }): void {
    const seen = this.crashes.get(point) ?? 0
    if (this.options.crashWhen) {
      if (!this.options.crashWhen(point)) return
      this.crashes.set(point, seen + 1)
      throw new InjectedCrash(`injected crash at ${point}`)
    }
    const error = this.options.random() < this.options.errorRate / CRASH_POINTS.length
    if (seen > 0 && !error && this.options.random() >= this.options.crashRate) return
    if (error) this.handlerErrors++
    else this.crashes.set(point, seen + 1)
    if (point === 'called' && message) this.options.onCrashAfterAccept?.(message)
    throw new InjectedCrash(`injected ${error ? 'handler error' : 'crash'} at ${point}`)
  }

  private async receive(url: string): Promise<Message[]> {
    const { Messages } = await this.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: url,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 1,
        WaitTimeSeconds: 0,
      }),
    )
    return Messages ?? []
  }

  /** A handled message is deleted, but now and then SQS delivers it again (kept, or a second copy). */
  private async acknowledge(url: string, message: Message): Promise<void> {
    const roll = this.options.random()
    if (roll < this.options.redeliveryRate / 2) {
      this.redeliveries++
      return
    }
    if (roll < this.options.redeliveryRate) {
      this.redeliveries++
      await this.sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: message.Body ?? '' }))
    }
    await this.sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: message.ReceiptHandle }))
  }

  private async handle(url: string, message: Message, work: () => Promise<void>): Promise<void> {
    try {
      await work()
    } catch (error) {
      if (error instanceof InjectedCrash) return // not deleted: back after the visibility timeout
      throw error
    }
    await this.acknowledge(url, message)
  }

  /** One round: the dispatch messages waiting, then the send messages waiting (in parallel). Answers how many ran. */
  async tick(timing: {
    leaseMs: number
    unconfirmedAfterMs: number
    sendWindowMs: number
    sendMarginMs: number
  }) {
    const dispatches = await this.receive(this.urls.dispatch)
    for (const message of dispatches)
      await this.handle(this.urls.dispatch, message, async () => {
        const parsed = DispatchMessageSchema.parse(JSON.parse(message.Body ?? ''))
        this.trace.push(`${parsed.generation}/${parsed.seq}`)
        if (this.trace.length > 30) this.trace.shift()
        const result = await handleDispatch(parsed, {
          deadline: Date.now() + 5_000,
          leaseMs: timing.leaseMs,
          unconfirmedAfterMs: timing.unconfirmedAfterMs,
          batchSize: 10,
          maxDelaySeconds: 0,
          window: 100,
          afterClaim: (claimed) => this.crashAt('dispatch.claimed', claimed),
        })
        this.trace.push(JSON.stringify(result))
      })
    const sends = await this.receive(this.urls.send)
    await Promise.all(
      sends.map((message) =>
        this.handle(this.urls.send, message, async () => {
          await runSendBatch(SendMessageSchema.parse(JSON.parse(message.Body ?? '')), {
            deadline: Date.now() + 10_000,
            sendWindowMs: timing.sendWindowMs,
            sendMarginMs: timing.sendMarginMs,
            hook: (step, batch) => this.crashAt(step, batch),
          })
        }),
      ),
    )
    return dispatches.length + sends.length
  }
}
