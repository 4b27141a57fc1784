import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { type LinkFields, parseSigningKeys, signLink, verifyLink } from './links'

const K1 = 'a'.repeat(40)
const K2 = 'b'.repeat(40)
const before = parseSigningKeys(JSON.stringify({ current: 'k1', k1: K1 }))
const rotated = parseSigningKeys(JSON.stringify({ current: 'k2', k1: K1, k2: K2 }))
const retired = parseSigningKeys(JSON.stringify({ current: 'k2', k2: K2 }))

const link: LinkFields = {
  organizationId: '01JORG00000000000000000000',
  contactId: '01JCONTACT0000000000000000',
  topicIds: ['01JTOPICB00000000000000000', '01JTOPICA00000000000000000'],
  campaignId: '01JCAMPAIGN000000000000000',
}

describe('unsubscribe link signing', () => {
  it('still verifies links signed before platform/hmac.ts (the old formula, computed here)', () => {
    const topics = [...link.topicIds].sort()
    const oldMessage = JSON.stringify([
      'audience-link.v1',
      'unsubscribe',
      link.organizationId,
      link.contactId,
      topics,
      link.campaignId,
    ])
    const mailed = { keyId: 'k1', signature: createHmac('sha256', K1).update(oldMessage).digest('base64url') }
    expect(verifyLink('unsubscribe', link, mailed, rotated)).toBe(true)
    expect(signLink('unsubscribe', link, before)).toEqual(mailed)
    expect(verifyLink('confirm-signup', link, mailed, rotated)).toBe(false)
  })

  it('verifies what it signed, whatever the order of the topics', () => {
    const proof = signLink('unsubscribe', link, before)
    expect(proof.keyId).toBe('k1')
    expect(proof.signature).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(
      verifyLink('unsubscribe', { ...link, topicIds: [...link.topicIds].reverse() }, proof, before),
    ).toBe(true)
  })

  it('refuses any changed id, another purpose, a missing or altered signature', () => {
    const proof = signLink('unsubscribe', link, before)
    for (const changed of [
      { ...link, contactId: '01JCONTACT0000000000000001' },
      { ...link, organizationId: '01JORG00000000000000000001' },
      { ...link, topicIds: [link.topicIds[0] as string] },
      { ...link, topicIds: [] },
      { ...link, campaignId: undefined },
      { ...link, campaignId: '01JCAMPAIGN000000000000001' },
    ])
      expect(verifyLink('unsubscribe', changed, proof, before)).toBe(false)
    expect(verifyLink('confirm-signup', link, proof, before)).toBe(false)
    expect(verifyLink('unsubscribe', link, {}, before)).toBe(false)
    expect(verifyLink('unsubscribe', link, { keyId: 'k1' }, before)).toBe(false)
    const flipped = `${proof.signature.startsWith('A') ? 'B' : 'A'}${proof.signature.slice(1)}`
    expect(verifyLink('unsubscribe', link, { keyId: 'k1', signature: flipped }, before)).toBe(false)
    expect(verifyLink('unsubscribe', link, { keyId: 'k1', signature: `${proof.signature}x` }, before)).toBe(
      false,
    )
  })

  it('signs with the current key after a rotation and still verifies links of the old key', () => {
    const old = signLink('unsubscribe', link, before)
    const fresh = signLink('unsubscribe', link, rotated)
    expect(fresh.keyId).toBe('k2')
    expect(fresh.signature).not.toBe(old.signature)
    expect(verifyLink('unsubscribe', link, old, rotated)).toBe(true)
    expect(verifyLink('unsubscribe', link, fresh, rotated)).toBe(true)
  })

  it('refuses a link of a key taken out of the set, and a signature presented under another key id', () => {
    const old = signLink('unsubscribe', link, before)
    expect(verifyLink('unsubscribe', link, old, retired)).toBe(false)
    expect(verifyLink('unsubscribe', link, { ...old, keyId: 'k2' }, rotated)).toBe(false)
    expect(verifyLink('unsubscribe', link, { ...old, keyId: 'nope' }, rotated)).toBe(false)
  })

  it('links carry no date: one signed today verifies as long as its key is in the set (≥ 400 days)', () => {
    const proof = signLink('unsubscribe', link, before)
    const later = new Date(Date.now() + 401 * 24 * 60 * 60 * 1000)
    const realNow = Date.now
    Date.now = () => later.getTime()
    try {
      expect(verifyLink('unsubscribe', link, proof, rotated)).toBe(true)
    } finally {
      Date.now = realNow
    }
  })

  it('refuses key sets it cannot use', () => {
    expect(() => parseSigningKeys(undefined)).toThrow(/must be set/)
    expect(() => parseSigningKeys('nope')).toThrow(/JSON object/)
    expect(() => parseSigningKeys(JSON.stringify({ current: 'k1', k1: 'short' }))).toThrow(/at least 32/)
    expect(() => parseSigningKeys(JSON.stringify({ current: 'k3', k1: K1 }))).toThrow(/current/)
    expect(() => parseSigningKeys(JSON.stringify({ current: 'k 1', 'k 1': K1 }))).toThrow(/key id/)
  })
})
