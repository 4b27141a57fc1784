import type { Account } from '@app/contracts'

/** Spec §9: the first 1–2 initials of the user's name; the email's local part stands in when there is none. */
export function initialsOf(account: Pick<Account, 'email' | 'name'>): string {
  const source = account.name?.trim() || account.email.split('@')[0] || '?'
  const words = source.split(/[\s._+-]+/).filter((word) => /\p{L}|\p{N}/u.test(word))
  const letters = words
    .slice(0, 2)
    .map((word) => [...word].find((char) => /\p{L}|\p{N}/u.test(char)) ?? '')
    .join('')
  return (letters || '?').toLocaleUpperCase()
}

export function displayName(account: Pick<Account, 'email' | 'name'>): string {
  return account.name?.trim() || account.email
}

/**
 * Spec §6: the Admin Panel entry shows only for the operator's own people (email contains the company domain).
 * Client-side only: the API enforces admin rights itself.
 */
export function showsAdminPanel(email: string, adminEmailDomain: string | undefined): boolean {
  const domain = adminEmailDomain?.trim().toLowerCase().replace(/^@/, '')
  if (!domain) return false
  return email.toLowerCase().endsWith(`@${domain}`) || email.toLowerCase().endsWith(`.${domain}`)
}
