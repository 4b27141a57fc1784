import {
  type Page,
  WebhookDeliveriesQuerySchema,
  type WebhookDelivery,
  type WebhookDeliveryStatusSchema,
} from '@app/contracts'
import * as z from 'zod'
import { principalOf } from '../actor'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { AppError } from '../errors'
import { newEvent } from '../events/outbox'
import { assertAllowed, type OrganizationContext } from '../organizations/public'
import * as Deliveries from './deliveries.repo'
import { enqueueAttempt, startDelivery } from './delivery'
import { requireEndpoint } from './endpoints'

const notFound = () => new AppError('webhook.delivery_not_found', 'No such delivery.')

function toDelivery(record: Deliveries.DeliveryRecord): WebhookDelivery {
  return {
    id: record.deliveryId,
    endpointId: record.endpointId,
    eventType: record.eventType,
    status: record.status,
    attempts: record.attempts.map((attempt) => ({ ...attempt, durationMs: Math.round(attempt.durationMs) })),
    nextAttemptAt: record.nextAttemptAt,
    createdAt: record.createdAt,
    body: record.body,
  }
}

const PositionSchema = z.object({ sk: z.string().min(1) })

/** An endpoint's deliveries, newest first, a page at a time (optionally of one status). */
export async function listDeliveries(
  context: OrganizationContext,
  endpointId: string,
  query: { cursor?: string; limit?: number; status?: z.infer<typeof WebhookDeliveryStatusSchema> },
): Promise<Page<WebhookDelivery>> {
  assertAllowed(context, 'webhooks.manage')
  const { cursor, limit, status } = WebhookDeliveriesQuerySchema.parse(query)
  const orgId = context.organizationId
  await requireEndpoint(orgId, endpointId)
  const cursorQuery = { list: 'webhook-deliveries', scope: `${orgId}/${endpointId}`, filters: { status } }
  const position = cursorPosition(cursorQuery, cursor, PositionSchema)
  const page = await Deliveries.listDeliveries(orgId, endpointId, { limit, status, afterSk: position?.sk })
  return {
    items: page.deliveries.map(toDelivery),
    nextCursor: page.lastSk ? encodeCursor(cursorQuery, { sk: page.lastSk }) : null,
  }
}

export async function getDelivery(context: OrganizationContext, endpointId: string, deliveryId: string) {
  assertAllowed(context, 'webhooks.manage')
  const record = await Deliveries.getDelivery(context.organizationId, endpointId, deliveryId)
  if (!record) throw notFound()
  return toDelivery(record)
}

/** Sends the delivery once more now (one attempt, no retries); refused while its automatic attempts go on. */
export async function redeliver(context: OrganizationContext, endpointId: string, deliveryId: string) {
  assertAllowed(context, 'webhooks.manage')
  const orgId = context.organizationId
  const endpoint = await requireEndpoint(orgId, endpointId)
  if (endpoint.status !== 'enabled')
    throw new AppError('webhook.state_conflict', 'The endpoint is disabled: re-enable it first.')
  const record = await Deliveries.getDelivery(orgId, endpointId, deliveryId)
  if (!record) throw notFound()
  if (record.status === 'pending')
    throw new AppError('webhook.state_conflict', 'This delivery is still being attempted.')
  const next = {
    ...record,
    status: 'pending' as const,
    manual: true,
    nextAttemptAt: new Date().toISOString(),
  }
  if (!(await Deliveries.saveDelivery(next, record.attemptCount)))
    throw new AppError('webhook.state_conflict', 'This delivery is being attempted now.')
  await enqueueAttempt({ orgId, endpointId, deliveryId, attempt: record.attemptCount })
  return toDelivery(next)
}

/** A `webhook_endpoint.tested` event delivered to this endpoint only (with the usual retries). */
export async function sendTestEvent(context: OrganizationContext, endpointId: string) {
  assertAllowed(context, 'webhooks.manage')
  const endpoint = await requireEndpoint(context.organizationId, endpointId)
  if (endpoint.status !== 'enabled')
    throw new AppError('webhook.state_conflict', 'The endpoint is disabled: re-enable it first.')
  const event = newEvent(
    'webhook_endpoint.tested',
    context.organizationId,
    { endpointId },
    principalOf(context.actor),
  )
  await startDelivery(endpoint, event)
  const record = await Deliveries.getDelivery(context.organizationId, endpointId, event.id)
  if (!record) throw notFound()
  return toDelivery(record)
}
