import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { WEBHOOK_VERIFY_SNIPPET } from '@app/contracts/webhooks/verify-snippet'
import { describe, expect, it } from 'vitest'
import { newWebhookSecret, signedHeaders } from './signature'

type Verify = (secret: string, headers: Record<string, string>, body: string) => boolean

/** The dashboard's snippet, saved and imported as the ES module a receiver would copy. */
async function snippet(): Promise<Verify> {
  const file = join(mkdtempSync(join(tmpdir(), 'webhook-dashboard-snippet-')), 'verify.mjs')
  writeFileSync(file, WEBHOOK_VERIFY_SNIPPET)
  return ((await import(pathToFileURL(file).href)) as { verifyWebhook: Verify }).verifyWebhook
}

describe('the verification snippet the webhooks page shows', () => {
  it('accepts what core signs, with either secret during a rotation', async () => {
    const verifyWebhook = await snippet()
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()]
    const body = JSON.stringify({ id: '01JD', type: 'campaign.cancelled', payload: { name: 'Été ✓' } })
    const now = Math.floor(Date.now() / 1000)
    expect(verifyWebhook(current, signedHeaders([current], '01JD', now, body), body)).toBe(true)
    const rotating = signedHeaders([current, previous], '01JD', now, body)
    expect(verifyWebhook(current, rotating, body)).toBe(true)
    expect(verifyWebhook(previous, rotating, body)).toBe(true)
  })

  it('refuses another secret, a changed body or id, a stale or future timestamp and missing headers', async () => {
    const verifyWebhook = await snippet()
    const secret = newWebhookSecret()
    const body = '{"id":"01JE","type":"webhook_endpoint.tested"}'
    const now = Math.floor(Date.now() / 1000)
    const headers = signedHeaders([secret], '01JE', now, body)
    expect(verifyWebhook(newWebhookSecret(), headers, body)).toBe(false)
    expect(verifyWebhook(secret, headers, body.replace('tested', 'testes'))).toBe(false)
    expect(verifyWebhook(secret, { ...headers, 'webhook-id': '01JF' }, body)).toBe(false)
    expect(verifyWebhook(secret, signedHeaders([secret], '01JE', now - 400, body), body)).toBe(false)
    expect(verifyWebhook(secret, signedHeaders([secret], '01JE', now + 400, body), body)).toBe(false)
    const { 'webhook-signature': _, ...unsigned } = headers
    expect(verifyWebhook(secret, unsigned, body)).toBe(false)
    expect(verifyWebhook(secret, { ...headers, 'webhook-timestamp': 'soon' }, body)).toBe(false)
  })
})
