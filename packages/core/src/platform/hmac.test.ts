import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hmacSign, hmacVerify } from './hmac'

const KEY = Buffer.from('k'.repeat(40))
const OTHER = Buffer.from('o'.repeat(40))
const parts = ['org-1', 'contact-1', ['topic-a'], null]

describe('hmac signing', () => {
  it('signs JSON [purpose, ...parts] with HMAC-SHA256 as base64url', () => {
    const signature = hmacSign(KEY, 'unsubscribe', parts)
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const expected = createHmac('sha256', KEY)
      .update(JSON.stringify(['unsubscribe', ...parts]))
      .digest('base64url')
    expect(signature).toBe(expected)
    expect(hmacVerify(KEY, 'unsubscribe', parts, signature)).toBe(true)
  })

  it('refuses another purpose, changed parts, another or unknown key, a malformed signature', () => {
    const signature = hmacSign(KEY, 'unsubscribe', parts)
    expect(hmacVerify(KEY, 'click', parts, signature)).toBe(false)
    expect(hmacVerify(KEY, 'unsubscribe', ['org-1', 'contact-2', ['topic-a'], null], signature)).toBe(false)
    // JSON keeps parts apart: joining or splitting them changes the material.
    expect(hmacVerify(KEY, 'unsubscribe', ['org-1contact-1', ['topic-a'], null], signature)).toBe(false)
    expect(hmacVerify(OTHER, 'unsubscribe', parts, signature)).toBe(false)
    expect(hmacVerify(undefined, 'unsubscribe', parts, signature)).toBe(false)
    for (const bad of [undefined, '', 42, `${signature}A`, signature.slice(1), `${signature.slice(0, 42)}+`])
      expect(hmacVerify(KEY, 'unsubscribe', parts, bad)).toBe(false)
  })
})
