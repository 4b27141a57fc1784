import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newWebhookSecret, signature, signedHeaders, verifySignature } from './signature'

describe('webhook signatures', () => {
  const body = '{"id":"01J0","type":"campaign.sent"}'
  const now = 1_800_000_000

  it('are v1, base64 HMAC-SHA256 of id.timestamp.body under the key after whsec_', () => {
    const secret = newWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
    const expected = createHmac('sha256', key).update(`msg_1.${now}.${body}`).digest('base64')
    expect(signature(secret, 'msg_1', now, body)).toBe(`v1,${expected}`)
  })

  it('verify with either secret during a rotation, and refuse tampering, other secrets and stale timestamps', () => {
    const [current, previous, other] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()]
    const headers = signedHeaders([current, previous], 'msg_2', now, body)
    const presented = {
      id: headers['webhook-id'] ?? '',
      timestamp: headers['webhook-timestamp'] ?? '',
      signature: headers['webhook-signature'] ?? '',
    }
    expect(presented.signature.split(' ')).toHaveLength(2)
    expect(verifySignature(current, presented, body, now)).toBe(true)
    expect(verifySignature(previous, presented, body, now + 60)).toBe(true)
    expect(verifySignature(other, presented, body, now)).toBe(false)
    expect(verifySignature(current, presented, `${body} `, now)).toBe(false)
    expect(verifySignature(current, { ...presented, id: 'msg_3' }, body, now)).toBe(false)
    expect(verifySignature(current, presented, body, now + 301)).toBe(false)
  })
})
