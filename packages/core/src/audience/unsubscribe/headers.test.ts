import { ENV } from '@app/contracts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listUnsubscribeHeaders } from './headers'
import { parseSigningKeys, verifyLink } from './links'

const keys = parseSigningKeys(JSON.stringify({ current: 'k1', k1: 'z'.repeat(40) }))
const contact = { id: '01JCONTACT0000000000000000', organizationId: '01JORG00000000000000000000' }
const topics = ['01JTOPICB00000000000000000', { id: '01JTOPICA00000000000000000' }]

describe('List-Unsubscribe headers', () => {
  let previous: string | undefined
  beforeEach(() => {
    previous = process.env[ENV.apiUrl]
    process.env[ENV.apiUrl] = 'https://api.example.com/'
  })
  afterEach(() => {
    if (previous === undefined) delete process.env[ENV.apiUrl]
    else process.env[ENV.apiUrl] = previous
  })

  it('give the one-click API address with the ids and a signature covering the campaign', () => {
    const headers = listUnsubscribeHeaders(
      { contact, topics, campaignId: '01JCAMPAIGN000000000000000' },
      keys,
    )
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const match = /^<(https:\/\/api\.example\.com\/api\/contacts\/unsubscribe\/one-click\?[^>]+)>$/.exec(
      headers['List-Unsubscribe'],
    )
    expect(match).not.toBeNull()
    const query = new URL(match?.[1] ?? '').searchParams
    expect(query.get('organizationId')).toBe(contact.organizationId)
    expect(query.get('contactId')).toBe(contact.id)
    expect(query.get('topicId')).toBe('01JTOPICA00000000000000000,01JTOPICB00000000000000000')
    expect(query.get('campaignId')).toBe('01JCAMPAIGN000000000000000')
    expect(query.get('keyId')).toBe('k1')
    const fields = {
      organizationId: contact.organizationId,
      contactId: contact.id,
      topicIds: (query.get('topicId') ?? '').split(','),
      campaignId: query.get('campaignId') ?? undefined,
    }
    const proof = { keyId: 'k1', signature: query.get('signature') ?? '' }
    expect(verifyLink('unsubscribe', fields, proof, keys)).toBe(true)
    expect(verifyLink('unsubscribe', { ...fields, campaignId: undefined }, proof, keys)).toBe(false)
  })

  it('are one line each, and refuse to build a value with a line break', () => {
    const headers = listUnsubscribeHeaders({ contact, topics: [] }, keys)
    for (const value of Object.values(headers)) expect(value).not.toMatch(/[\r\n]/)
    expect(new URL(headers['List-Unsubscribe'].slice(1, -1)).searchParams.has('topicId')).toBe(false)
    const injected = { ...contact, id: '01JCONTACT\r\nBcc: x@y.z' }
    const built = listUnsubscribeHeaders({ contact: injected, topics: [] }, keys)
    // URL-encoded, so the CR/LF never reach the header.
    expect(built['List-Unsubscribe']).not.toMatch(/[\r\n]/)
  })
})
