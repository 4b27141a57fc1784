import { describe, expect, it } from 'vitest'
import {
  hashSecret,
  issueSecret,
  parseCredential,
  previousValidUntil,
  rotateSecret,
  useToRecord,
  verifySecret,
} from './credentials'

const ID = '01JT0P1C000000000000000000'
const now = new Date('2026-03-05T12:00:00.000Z')

describe('credentials', () => {
  it('issues <prefix><id>_<secret>, keeps only the hash, and parses only its own prefix', () => {
    const { credential, secretHash } = issueSecret('ssk_live_', ID)
    const parsed = parseCredential('ssk_live_', credential)
    expect(parsed).toEqual({ id: ID, secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
    expect(secretHash).toBe(hashSecret(parsed?.secret ?? ''))
    expect(secretHash).not.toContain(parsed?.secret)
    expect(issueSecret('ssk_live_', ID).credential).not.toBe(credential)
    for (const bad of [`${credential}x`, credential.replace('ssk_live_', 'ghs_'), 'ssk_live_nope', ''])
      expect(parseCredential('ssk_live_', bad), bad).toBeUndefined()
  })

  it('opens with the current secret; a revoked record, a wrong secret or no record never', () => {
    const { credential, secretHash } = issueSecret('ssk_live_', ID)
    const secret = parseCredential('ssk_live_', credential)?.secret ?? ''
    expect(verifySecret({ secretHash }, secret, now)).toBe(true)
    expect(verifySecret({ secretHash }, `${secret.slice(0, -1)}A`, now)).toBe(secret.endsWith('A'))
    expect(verifySecret({ secretHash, revokedAt: now.toISOString() }, secret, now)).toBe(false)
    expect(verifySecret(undefined, secret, now)).toBe(false)
  })

  it('rotates with a grace: the previous secret opens until it ends, the new one after', () => {
    const first = issueSecret('ssk_live_', ID)
    const oldSecret = parseCredential('ssk_live_', first.credential)?.secret ?? ''
    const { credential, fields } = rotateSecret('ssk_live_', ID, first, 3600, now)
    const newSecret = parseCredential('ssk_live_', credential)?.secret ?? ''
    expect(fields.previousSecretHash).toBe(first.secretHash)
    expect(fields.previousValidUntil).toBe('2026-03-05T13:00:00.000Z')
    const within = new Date(now.getTime() + 3599_000)
    const after = new Date(now.getTime() + 3600_000)
    expect(verifySecret(fields, oldSecret, within)).toBe(true)
    expect(verifySecret(fields, oldSecret, after)).toBe(false)
    expect(verifySecret(fields, newSecret, after)).toBe(true)
    expect(previousValidUntil(fields, within)).toBe(fields.previousValidUntil)
    expect(previousValidUntil(fields, after)).toBeNull()
    const atOnce = rotateSecret('ssk_live_', ID, first, 0, now).fields
    expect(verifySecret(atOnce, oldSecret, now)).toBe(false)
  })

  it('records a use at most once per interval', () => {
    expect(useToRecord({}, now, 60_000).record).toBe(true)
    expect(useToRecord({ lastUsedAt: '2026-03-05T11:59:30.000Z' }, now, 60_000).record).toBe(false)
    expect(useToRecord({ lastUsedAt: '2026-03-05T11:58:59.000Z' }, now, 60_000)).toEqual({
      record: true,
      notBefore: '2026-03-05T11:59:00.000Z',
    })
  })
})
