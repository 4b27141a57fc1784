import * as z from 'zod'
import { DomainEventSchema } from '../events/catalog'
import { WEBHOOK_EVENT_GROUPS } from '../webhooks/event-types'

/**
 * Webhook deliveries as the public API's reference documents them (OpenAPI 3.1 `webhooks`): the signature headers
 * core's signer writes (`webhooks/signature.ts`; `signature-docs.test.ts` there holds the two together) and one
 * entry per event type an endpoint can receive, its body the catalog's envelope with that type's payload.
 */
export const WEBHOOK_HEADERS = {
  id: 'Webhook-Id',
  timestamp: 'Webhook-Timestamp',
  signature: 'Webhook-Signature',
} as const

/** How far a delivery's timestamp may be from the receiver's clock: the replay window receivers enforce. */
export const WEBHOOK_REPLAY_TOLERANCE_SECONDS = 5 * 60

const HEADER_DESCRIPTIONS: Record<keyof typeof WEBHOOK_HEADERS, string> = {
  id: 'The event id: the same on every retry of it, to ignore a duplicate.',
  timestamp: 'Unix seconds of this attempt; refuse one far from your clock.',
  signature:
    '`v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` under the endpoint secret; two, space-separated, during a rotation.',
}

type EventOption = (typeof DomainEventSchema.options)[number]

function eventSchema(type: string): Record<string, unknown> {
  const option = DomainEventSchema.options.find(
    (candidate: EventOption) => (candidate.shape.type as z.ZodLiteral<string>).value === type,
  )
  if (!option) throw new Error(`No catalog event ${type}`)
  const { $schema: _ignored, ...schema } = z.toJSONSchema(option, {
    io: 'output',
    unrepresentable: 'any',
  }) as Record<string, unknown>
  return schema
}

/** The document's `webhooks`: one `post` per event type, as the endpoint receives it. */
export function webhookOperations(): Record<string, unknown> {
  const entries = WEBHOOK_EVENT_GROUPS.flatMap((group) =>
    group.types.map((entry) => [
      entry.type,
      {
        post: {
          operationId: `webhook.${entry.type}`,
          summary: entry.label,
          tags: ['Webhooks'],
          parameters: (Object.keys(WEBHOOK_HEADERS) as (keyof typeof WEBHOOK_HEADERS)[]).map((name) => ({
            name: WEBHOOK_HEADERS[name],
            in: 'header',
            required: true,
            description: HEADER_DESCRIPTIONS[name],
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: eventSchema(entry.type) } },
          },
          responses: {
            '2XX': { description: 'Delivered: answer within 5 seconds.' },
            default: { description: 'Not delivered: retried with exponential backoff.' },
          },
        },
      },
    ]),
  )
  return Object.fromEntries(entries)
}
