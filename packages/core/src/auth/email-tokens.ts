import { createHash, randomBytes } from 'node:crypto'
import { type EmailToken, type EmailTokenPurpose, putEmailToken, takeEmailToken } from './email-tokens.repo'

export type { EmailToken, EmailTokenPurpose } from './email-tokens.repo'

const hash = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * Issues a single-use token for a link we email. Only its SHA-256 is stored, so a table read never yields a
 * usable link; 32 random bytes make guessing hopeless.
 */
export async function issueEmailToken(
  token: EmailToken,
  ttlSeconds: number,
  now = new Date(),
): Promise<string> {
  const value = randomBytes(32).toString('base64url')
  await putEmailToken(hash(value), token, Math.floor(now.getTime() / 1000) + ttlSeconds)
  return value
}

/** Redeems a token once: a second use (or a concurrent one) finds nothing. */
export function redeemEmailToken(
  value: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<EmailToken | undefined> {
  return takeEmailToken(hash(value), purpose, Math.floor(now.getTime() / 1000))
}
