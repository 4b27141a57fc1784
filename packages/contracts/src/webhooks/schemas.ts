import * as z from 'zod'
import { httpUrl } from '../http-url'
import { pageQuery } from '../page'
import { atLeastOneField } from '../text'
import { WEBHOOK_EVENT_TYPES } from './event-types'

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES)

/**
 * An endpoint URL: checked for shape here; for its scheme (https, or http to loopback locally) and the addresses
 * its host resolves to by the server (400 `webhook.url_refused`).
 */
export const WebhookUrlSchema = httpUrl(z.url({ protocol: /^https?$/ }).max(2000), 'https')

export const WebhookEndpointInputSchema = z.object({
  url: WebhookUrlSchema,
  description: z.string().trim().max(200).default(''),
  eventTypes: z.array(WebhookEventTypeSchema).min(1, 'Choose at least one event type.').max(50),
})
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>

export const WebhookEndpointUpdateSchema = atLeastOneField(
  z.object({
    url: WebhookUrlSchema.optional(),
    description: z.string().trim().max(200).optional(),
    eventTypes: WebhookEndpointInputSchema.shape.eventTypes.optional(),
  }),
)

export const WebhookDisabledReasonSchema = z.object({
  code: z.string(),
  message: z.string(),
  at: z.iso.datetime(),
})

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(WebhookEventTypeSchema),
  status: z.enum(['enabled', 'disabled']),
  /** Why it is disabled (persistent failure); null while enabled. */
  disabledReason: WebhookDisabledReasonSchema.nullable(),
  /** The secret's first characters (`whsec_ab12…`), to tell secrets apart; the secret itself is shown once. */
  secretPrefix: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>

/** Answered by create and rotate only: the signing secret, shown this once. */
export const WebhookEndpointWithSecretSchema = z.object({
  endpoint: WebhookEndpointSchema,
  secret: z.string().startsWith('whsec_'),
})

export const WebhookDeliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed'])

export const WebhookAttemptSchema = z.object({
  at: z.iso.datetime(),
  durationMs: z.number().int().nonnegative(),
  /** The receiver's HTTP status; null when no answer came (timeout, refused address, connection error). */
  statusCode: z.number().int().nullable(),
  /** The first characters of the answer's body, or what went wrong. */
  excerpt: z.string(),
  manual: z.boolean(),
})

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventType: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.array(WebhookAttemptSchema),
  /** When the next automatic attempt is due; null when none is planned. */
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** The body posted (the event JSON, exactly as signed). */
  body: z.string(),
})
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>

export const WebhookDeliveriesQuerySchema = z.object({
  ...pageQuery({ default: 25, max: 100 }),
  status: WebhookDeliveryStatusSchema.optional(),
})
