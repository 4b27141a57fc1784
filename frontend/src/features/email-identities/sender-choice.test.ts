import { describe, expect, it } from 'vitest'
import { chosenAddress, initialSenderChoice } from './sender-choice'

const senders = [
  { id: 'example.com', type: 'DOMAIN' as const },
  { id: 'Hello@Acme.test', type: 'EMAIL_ADDRESS' as const },
  { id: 'team@acme.test', type: 'EMAIL_ADDRESS' as const },
]

describe('the From of a test send', () => {
  it('starts from the first address (not a domain) when nothing was used yet', () => {
    expect(initialSenderChoice(senders, null)).toEqual({ senderId: 'Hello@Acme.test', localPart: 'test' })
    expect(initialSenderChoice(senders.slice(0, 1), null)).toEqual({
      senderId: 'example.com',
      localPart: 'test',
    })
    expect(initialSenderChoice([], null)).toEqual({ senderId: '', localPart: 'test' })
  })

  it('starts from the address used last, an identity or an address at a domain, whatever its case', () => {
    expect(initialSenderChoice(senders, 'team@acme.test').senderId).toBe('team@acme.test')
    expect(initialSenderChoice(senders, 'hello@acme.test').senderId).toBe('Hello@Acme.test')
    expect(initialSenderChoice(senders, 'News@Example.com')).toEqual({
      senderId: 'example.com',
      localPart: 'News',
    })
  })

  it('falls back to the first address when the last one can no longer send', () => {
    expect(initialSenderChoice(senders, 'old@gone.test').senderId).toBe('Hello@Acme.test')
    expect(initialSenderChoice(senders, 'news@sub.example.com').senderId).toBe('Hello@Acme.test')
  })

  it('sends from the identity, or the typed part at the domain', () => {
    expect(chosenAddress(senders, { senderId: 'example.com', localPart: ' news ' })).toBe('news@example.com')
    expect(chosenAddress(senders, { senderId: 'team@acme.test', localPart: 'ignored' })).toBe(
      'team@acme.test',
    )
    expect(chosenAddress(senders, { senderId: 'gone@acme.test', localPart: 'x' })).toBeUndefined()
  })
})
