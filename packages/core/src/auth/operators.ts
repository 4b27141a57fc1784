import { ADMIN_GROUP } from '@app/contracts'
import type { Actor } from '../actor'
import { adminEmails } from '../env'
import { AppError } from '../errors'

/**
 * Operators of the deployment: members of the Cognito group `admins`, or a verified email on the server's
 * allow-list. The browser's email-domain check only decides whether the menu entry shows.
 */
export function isOperator(actor: Actor): boolean {
  if (actor.kind !== 'user') return false
  if (actor.groups.includes(ADMIN_GROUP)) return true
  return actor.emailVerified && adminEmails().includes(actor.email)
}

export function requireOperator(actor: Actor): void {
  if (!isOperator(actor)) {
    throw new AppError('permission.denied', 'Only operators of this deployment may use the Admin Panel.')
  }
}
