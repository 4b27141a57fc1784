import { SendMessageCommand } from '@aws-sdk/client-sqs'
import * as z from 'zod'
import { sqs } from '../../aws'
import { campaignQueueUrl } from '../env'
import type { EngagementEvent } from './model'

const ENGAGEMENT_TYPES = [
  'SEND',
  'DELIVERY',
  'OPEN',
  'CLICK',
  'BOUNCE',
  'COMPLAINT',
  'REJECT',
  'DELIVERY_DELAY',
  'RENDERING_FAILURE',
  'UNSUBSCRIBE',
] as const satisfies readonly EngagementEvent['type'][]

/** What the campaignEvents queue carries: one SES event of a campaign's message, as the report counts it. */
export const EngagementMessageSchema = z
  .object({
    orgId: z.string().min(1),
    campaignId: z.string().min(1),
    contactId: z.string().min(1),
    type: z.enum(ENGAGEMENT_TYPES),
    sesMessageId: z.string(),
    at: z.string().min(1),
    sentAt: z.string().min(1),
    open: z
      .object({ userAgent: z.string().nullable(), ipAddress: z.string().nullable() })
      .strict()
      .optional(),
    click: z.object({ link: z.string() }).strict().optional(),
    bounce: z.object({ type: z.string(), subType: z.string() }).strict().optional(),
  })
  .strict() satisfies z.ZodType<EngagementEvent>

/**
 * Hands an event to the events worker, which counts it with the others of its SQS batch. SQS delivers at least
 * once and the worker counts each event once by its marker, so a message sent twice (the endpoint retried by SNS
 * after enqueueing) counts once.
 */
export async function enqueueEngagement(event: EngagementEvent): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: campaignQueueUrl('events'), MessageBody: JSON.stringify(event) }),
  )
}
