import { describe, expect, it } from 'vitest'
import { httpEvent } from '../handler-testing'
import { callFor, probeRoute, runBefore } from '../step-testing'
import { idempotency, idempotencyKeyOf } from './idempotency'

const withKey = (key: string, name = 'Idempotency-Key') => ({ headers: { [name]: key } })

describe('idempotency step', () => {
  it('reads the Idempotency-Key header whatever its case; none is no key', () => {
    expect(idempotencyKeyOf(withKey('c0ffee', 'idempotency-key'))).toBe('c0ffee')
    expect(idempotencyKeyOf(withKey('a b ~!'))).toBe('a b ~!')
    expect(idempotencyKeyOf({ headers: {} })).toBeUndefined()
  })

  it('refuses a malformed key with 400 naming the header', () => {
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'clé'])
      expect(() => idempotencyKeyOf(withKey(bad)), JSON.stringify(bad)).toThrow(
        expect.objectContaining({
          code: 'request.invalid',
          message: expect.stringMatching(/^headers\.Idempotency-Key: /),
        }),
      )
  })

  it('leaves routes that are not idempotent, and calls without a key, to run as ever (no store touched)', async () => {
    const plain = callFor(probeRoute(), httpEvent('POST /api/probe', { headers: { 'Idempotency-Key': '' } }))
    await expect(runBefore(idempotency(), plain.request)).resolves.toBeUndefined()
    const keyless = callFor(probeRoute({ idempotent: true, auth: 'user' }), httpEvent('POST /api/probe'))
    await expect(runBefore(idempotency(), keyless.request)).resolves.toBeUndefined()
    expect(keyless.call.idempotency).toBeUndefined()
  })
})
