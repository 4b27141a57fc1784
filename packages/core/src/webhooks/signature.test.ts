import { createHmac } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
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

describe('the verification snippet documented in the core README', () => {
  it('verifies our signatures, also during a rotation, and refuses tampered or stale deliveries', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    const snippet = readme.split('A receiver (Node):')[1]?.match(/```js\n([\s\S]*?)```/)?.[1]
    if (!snippet) throw new Error('no snippet in the README')
    const file = join(mkdtempSync(join(tmpdir(), 'webhook-snippet-')), 'verify.mjs')
    writeFileSync(file, snippet.replace(/^ {2}/gm, ''))
    const { verifyWebhook } = (await import(pathToFileURL(file).href)) as {
      verifyWebhook: (secret: string, headers: Record<string, string>, body: string) => boolean
    }
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()]
    const body = JSON.stringify({ id: 'e1', type: 'campaign.paused', payload: { note: 'ü' } })
    const now = Math.floor(Date.now() / 1000)
    const headers = signedHeaders([current, previous], 'e1', now, body)
    expect(verifyWebhook(current, headers, body)).toBe(true)
    expect(verifyWebhook(previous, headers, body)).toBe(true)
    expect(verifyWebhook(newWebhookSecret(), headers, body)).toBe(false)
    expect(verifyWebhook(current, headers, body.replace('ü', 'u'))).toBe(false)
    const stale = signedHeaders([current], 'e1', now - 600, body)
    expect(verifyWebhook(current, stale, body)).toBe(false)
  })
})
