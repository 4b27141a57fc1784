import type { ApiKeyActor, UserActor } from '@app/core'

/**
 * The caller as one string (`user:<accountId>`, `apiKey:<keyId>`): what per-caller rate limits count and
 * idempotency keys belong to.
 */
export function callerId(actor: UserActor | ApiKeyActor): string {
  return actor.kind === 'user' ? `user:${actor.accountId}` : `apiKey:${actor.keyId}`
}
