import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { INVITATION_TTL_DAYS } from '@app/contracts'

/** SHA-256 of a token, base64url: what is stored (256 random bits need no salt nor a slow hash). */
export const hashInvitationToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url')

/** A new link secret: 32 random bytes, base64url (43 characters), and its hash. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashInvitationToken(token) }
}

/** Whether `token` is the one whose hash is stored, compared in constant time. */
export function tokenMatches(storedHash: string, token: string): boolean {
  const expected = Buffer.from(storedHash, 'base64url')
  const presented = createHash('sha256').update(token).digest()
  return expected.length === presented.length && timingSafeEqual(expected, presented)
}

/** When a link sent at `sentAt` stops working. */
export function invitationExpiry(sentAt: Date): string {
  return new Date(sentAt.getTime() + INVITATION_TTL_DAYS * 24 * 3600 * 1000).toISOString()
}
