import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Webhook signatures, as Standard Webhooks (standardwebhooks.com) and Svix define them, so receivers can use
 * those libraries or the few lines in the webhooks README:
 * - headers `Webhook-Id` (the event id, the same on every retry: receivers dedupe by it), `Webhook-Timestamp`
 *   (Unix seconds of this attempt) and `Webhook-Signature`;
 * - the signature is `v1,` + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), where the key is the base64
 *   after `whsec_` in the endpoint's secret;
 * - during a secret rotation the header carries two signatures, space-separated (new secret first, then the
 *   previous one for 24 hours), so a receiver holding either secret verifies;
 * - receivers compare in constant time and refuse a timestamp more than 5 minutes away from their clock (replay).
 */
export const SECRET_PREFIX = 'whsec_'
export const REPLAY_TOLERANCE_SECONDS = 5 * 60

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`
}

const keyOf = (secret: string) => Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')
  return `v1,${mac}`
}

/** The three headers of one attempt: each secret's signature, space-separated. */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'SES-Studio-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestamp, body)).join(' '),
  }
}

/** What a receiver does (and the tests): true when one of the signatures is ours and the timestamp is fresh. */
export function verifySignature(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = Number(headers.timestamp)
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > REPLAY_TOLERANCE_SECONDS)
    return false
  const expected = Buffer.from(signature(secret, headers.id, timestamp, body))
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate)
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}
