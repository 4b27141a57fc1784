import { createHash } from 'node:crypto'
import { InvitationTokenSchema } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { oneLine } from './invitation-mail'
import { hashInvitationToken, invitationExpiry, newInvitationToken, tokenMatches } from './invitation-token'

describe('invitation tokens', () => {
  it('are 256 random bits in base64url (the contract’s 43 characters), stored as their SHA-256', () => {
    const { token, tokenHash } = newInvitationToken()
    expect(InvitationTokenSchema.safeParse(token).success).toBe(true)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(tokenHash).toBe(createHash('sha256').update(token).digest('base64url'))
    expect(hashInvitationToken(token)).toBe(tokenHash)
    expect(newInvitationToken().token).not.toBe(token)
  })

  it('match only their own hash (and a malformed stored hash matches nothing)', () => {
    const { token, tokenHash } = newInvitationToken()
    expect(tokenMatches(tokenHash, token)).toBe(true)
    expect(tokenMatches(tokenHash, newInvitationToken().token)).toBe(false)
    expect(tokenMatches(tokenHash, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false)
    expect(tokenMatches('short', token)).toBe(false)
    expect(tokenMatches('', token)).toBe(false)
  })

  it('expire 7 days after they were sent', () => {
    expect(invitationExpiry(new Date('2026-03-01T10:00:00.000Z'))).toBe('2026-03-08T10:00:00.000Z')
  })
})

describe('names in the invitation mail', () => {
  it('lose line breaks and control characters (no header injection through a subject) and stay short', () => {
    expect(oneLine('Acme\r\nBcc: victim@example.com')).toBe('Acme Bcc: victim@example.com')
    expect(oneLine('A\u2028B\u0000C\tD')).toBe('A B C D')
    expect(oneLine('  spaced   out  ')).toBe('spaced out')
    expect(oneLine('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})
