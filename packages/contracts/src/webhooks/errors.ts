/** Outgoing webhook endpoints and their deliveries (core `webhooks/`). */
export const WEBHOOK_ERROR_STATUS = {
  'webhook.endpoint_not_found': 404,
  'webhook.delivery_not_found': 404,
  /** The URL is not https, or its host resolves to an address webhooks may not reach (private, metadata …). */
  'webhook.url_refused': 400,
  /** Re-enabling an endpoint that is enabled, or redelivering a delivery still being retried. */
  'webhook.state_conflict': 409,
} as const
