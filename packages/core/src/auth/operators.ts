import { ADMIN_GROUP, ENV } from '@app/contracts'
import type { Actor } from '../actor'
import { AppError } from '../errors'

/**
 * Operators of the deployment: members of the Cognito group `admins`, or a verified email on the server's
 * allow-list. The browser's email-domain check only decides whether the menu entry shows.
 */
export function isOperator(actor: Actor): boolean {
  if (actor.groups.includes(ADMIN_GROUP)) return true
  const allowList = (process.env[ENV.adminEmails] ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean)
  return actor.emailVerified && allowList.includes(actor.email)
}

export function requireOperator(actor: Actor): void {
  if (!isOperator(actor)) {
    throw new AppError('permission.denied', 'Only operators of this deployment may use the Admin Panel.')
  }
}
