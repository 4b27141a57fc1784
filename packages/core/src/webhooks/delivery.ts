import { SendMessageCommand } from '@aws-sdk/client-sqs'
import * as z from 'zod'
import { sqs } from '../aws'
import { queueUrl, webhookSettings } from '../env'
import type { DomainEvent } from '../events/catalog'
import { newEvent } from '../events/outbox'
import type { Logger } from '../log'
import { openSecret } from '../platform/secrets'
import * as Deliveries from './deliveries.repo'
import { secretOwner } from './endpoints'
import * as Endpoints from './endpoints.repo'
import { signedHeaders } from './signature'
import { guardedPost } from './ssrf'

/**
 * Delivering events to endpoints. One delivery per event and endpoint (its id is the event's), each attempt one
 * message of the `webhookDeliveries` queue carrying the attempt count it expects (a duplicate or stale message
 * records nothing: the save is conditioned on that count).
 *
 * Retries: after a failed attempt (no 2xx answer within 5 s) the next is due after the schedule's next pause
 * (`WEBHOOK_RETRY_SECONDS`, default 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h; each ±20 % jitter so endpoints
 * that failed together do not come back together). SQS delays stop at 15 minutes: the message is sent with
 * min(pause, 15 min) and a message arriving before its delivery's `nextAttemptAt` is sent back with the rest of
 * the wait, so a 10-hour pause is forty 15-minute hops, each costing one receive.
 *
 * Persistent failure: when every attempt of a delivery failed (about 16 hours with the default schedule) the
 * endpoint is disabled, in one transaction with the `webhook_endpoint.disabled` event (its subscriber mails the
 * organization's owners). Deliveries still pending for a disabled endpoint fail without an attempt. A manual
 * redelivery is one attempt, no retries, and never disables.
 */
export const TIMEOUT_MS = 5000
const MAX_SQS_DELAY_SECONDS = 900
const JITTER = 0.2

export const DeliveryMessageSchema = z.object({
  delivery: z.object({
    orgId: z.string().min(1),
    endpointId: z.string().min(1),
    deliveryId: z.string().min(1),
    attempt: z.number().int().nonnegative(),
  }),
})
export type DeliveryMessage = z.infer<typeof DeliveryMessageSchema>

export async function enqueueAttempt(message: DeliveryMessage['delivery'], delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl('webhookDeliveries'),
      MessageBody: JSON.stringify({ delivery: message } satisfies DeliveryMessage),
      DelaySeconds: Math.min(MAX_SQS_DELAY_SECONDS, Math.max(0, Math.ceil(delaySeconds))),
    }),
  )
}

const wants = (endpoint: Endpoints.EndpointRecord, type: string) =>
  endpoint.status === 'enabled' && endpoint.eventTypes.includes(type)

/** A new delivery of `event` to `endpoint`, and its first attempt queued (once per event and endpoint). */
export async function startDelivery(endpoint: Endpoints.EndpointRecord, event: DomainEvent): Promise<void> {
  const record: Deliveries.DeliveryRecord = {
    deliveryId: event.id,
    orgId: endpoint.orgId,
    endpointId: endpoint.endpointId,
    eventType: event.type,
    body: JSON.stringify(event),
    status: 'pending',
    attempts: [],
    attemptCount: 0,
    scheduled: 0,
    manual: false,
    nextAttemptAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
  }
  if (!(await Deliveries.putNewDelivery(record))) {
    // Written by an earlier run that may have stopped before queueing it: queue it again (a duplicate is harmless).
    const found = await Deliveries.getDelivery(endpoint.orgId, endpoint.endpointId, event.id)
    if (found?.status !== 'pending' || found.attemptCount !== 0) return
  }
  await enqueueAttempt({
    orgId: endpoint.orgId,
    endpointId: endpoint.endpointId,
    deliveryId: event.id,
    attempt: 0,
  })
}

/** The subscriber's work: a delivery to each enabled endpoint of the organization that wants the event's type. */
export async function deliverEvent(event: DomainEvent): Promise<void> {
  if (!event.organizationId) return
  const endpoints = await Endpoints.listEndpoints(event.organizationId)
  for (const endpoint of endpoints) if (wants(endpoint, event.type)) await startDelivery(endpoint, event)
}

/** The pause before automatic retry `retry` (0-based), ms, jittered; undefined when the schedule is spent. */
export function retryPause(retry: number, random = Math.random): number | undefined {
  const seconds = webhookSettings().retrySeconds[retry]
  if (seconds === undefined) return undefined
  return Math.round(seconds * 1000 * (1 - JITTER + 2 * JITTER * random()))
}

async function signingSecrets(endpoint: Endpoints.EndpointRecord, now: Date): Promise<string[]> {
  const owner = secretOwner(endpoint.orgId, endpoint.endpointId)
  const secrets = [await openSecret(endpoint.secret, owner)]
  if (endpoint.previousSecret && Date.parse(endpoint.previousSecret.until) > now.getTime())
    secrets.push(await openSecret(endpoint.previousSecret.sealed, owner))
  return secrets
}

/** One message of the queue: the attempt it names, if still due and not made by another message. */
export async function runAttempt(message: DeliveryMessage['delivery'], log?: Logger): Promise<void> {
  const { orgId, endpointId, deliveryId, attempt } = message
  const delivery = await Deliveries.getDelivery(orgId, endpointId, deliveryId)
  if (delivery?.status !== 'pending') return
  // Written by the attempt before (its save not yet read here): SQS brings it back after the visibility timeout.
  if (attempt > delivery.attemptCount) throw new Error(`attempt ${attempt} of ${deliveryId} is not due yet`)
  if (attempt < delivery.attemptCount) return
  const now = new Date()
  const due = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) : now.getTime()
  if (due - now.getTime() > 1000) return enqueueAttempt(message, (due - now.getTime()) / 1000)
  const endpoint = await Endpoints.getEndpoint(orgId, endpointId)
  if (endpoint?.status !== 'enabled') {
    await Deliveries.saveDelivery({ ...delivery, status: 'failed', nextAttemptAt: null }, attempt)
    return
  }
  const timestamp = Math.floor(now.getTime() / 1000)
  const answer = await guardedPost(endpoint.url, {
    ...webhookSettings(),
    headers: signedHeaders(await signingSecrets(endpoint, now), deliveryId, timestamp, delivery.body),
    body: delivery.body,
    timeoutMs: TIMEOUT_MS,
  })
  const succeeded = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300
  const pause = succeeded || delivery.manual ? undefined : retryPause(delivery.scheduled)
  const next: Deliveries.DeliveryRecord = {
    ...delivery,
    status: succeeded ? 'succeeded' : pause === undefined ? 'failed' : 'pending',
    attempts: [
      ...delivery.attempts,
      {
        at: now.toISOString(),
        durationMs: answer.durationMs,
        statusCode: answer.statusCode,
        excerpt: answer.excerpt,
        manual: delivery.manual,
      },
    ],
    attemptCount: attempt + 1,
    scheduled: delivery.manual ? delivery.scheduled : delivery.scheduled + 1,
    nextAttemptAt: pause === undefined ? null : new Date(Date.now() + pause).toISOString(),
  }
  if (!(await Deliveries.saveDelivery(next, attempt))) return
  log?.info('webhook.attempt', {
    deliveryId,
    endpointId,
    statusCode: answer.statusCode,
    durationMs: answer.durationMs,
    outcome: next.status,
  })
  if (pause !== undefined) await enqueueAttempt({ ...message, attempt: attempt + 1 }, pause / 1000)
  else if (next.status === 'failed' && !delivery.manual) await disableForFailure(endpoint, next)
}

async function disableForFailure(endpoint: Endpoints.EndpointRecord, delivery: Deliveries.DeliveryRecord) {
  const last = delivery.attempts.at(-1)
  const first = delivery.attempts[0]
  const hours = first ? (Date.now() - Date.parse(first.at)) / 3600_000 : 0
  const reason = {
    code: 'webhook.persistent_failure',
    message:
      `All ${delivery.attempts.length} attempts of delivery ${delivery.deliveryId} failed over ${hours < 1 ? 'less than an hour' : `${Math.round(hours)} hours`}; the last: ${last?.statusCode ?? 'no answer'} ${last?.excerpt.slice(0, 200) ?? ''}`.trim(),
  }
  const at = new Date().toISOString()
  const event = newEvent(
    'webhook_endpoint.disabled',
    endpoint.orgId,
    { endpointId: endpoint.endpointId, url: endpoint.url, reason },
    { type: 'system', name: 'webhooks.delivery' },
  )
  await Endpoints.disableEndpoint(
    { ...endpoint, status: 'disabled', disabledReason: { ...reason, at }, updatedAt: at },
    event,
  )
}
