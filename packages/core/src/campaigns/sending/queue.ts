import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs'
import * as z from 'zod'
import { sqs } from '../../aws'
import { campaignQueueUrl } from '../env'

/** What the campaignDispatch queue carries: one step of a run, for the generation it was made for. */
export const DispatchMessageSchema = z
  .object({
    orgId: z.string().min(1),
    campaignId: z.string().min(1),
    generation: z.number().int(),
    /** The run's dispatch step it is for (see dispatch.ts `handleDispatch`). */
    seq: z.number().int().min(0),
  })
  .strict()
export type DispatchMessage = z.infer<typeof DispatchMessageSchema>

/** What the campaignSend queue carries: one claimed batch of one shard. */
export const SendMessageSchema = z
  .object({
    orgId: z.string().min(1),
    campaignId: z.string().min(1),
    generation: z.number().int(),
    shard: z.number().int().min(0),
    batchId: z.string().min(1),
  })
  .strict()
export type SendBatchMessage = z.infer<typeof SendMessageSchema>

/** Enqueues a dispatch step, after `delaySeconds` (0–900). */
export async function enqueueDispatch(message: DispatchMessage, delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: campaignQueueUrl('dispatch'),
      MessageBody: JSON.stringify(message),
      DelaySeconds: Math.max(0, Math.min(900, Math.round(delaySeconds))),
    }),
  )
}

/** Enqueues send batches, 10 per call; throws if SQS refused any (their claims then expire and are taken over). */
export async function enqueueSends(messages: SendBatchMessage[]): Promise<void> {
  for (let start = 0; start < messages.length; start += 10) {
    const chunk = messages.slice(start, start + 10)
    const result = await sqs().send(
      new SendMessageBatchCommand({
        QueueUrl: campaignQueueUrl('send'),
        Entries: chunk.map((message, index) => ({ Id: String(index), MessageBody: JSON.stringify(message) })),
      }),
    )
    if (result.Failed?.length) throw new Error(`SQS refused ${result.Failed.length} send batch message(s)`)
  }
}
