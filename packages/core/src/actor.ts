import type { ApiScope, Principal, TokenProof } from '@app/contracts'
import { AppError } from './errors'

/** A signed-in user: built from the verified Cognito ID token claims. */
export interface UserActor {
  kind: 'user'
  accountId: string
  /** Cognito username (for admin calls). */
  username: string
  email: string
  emailVerified: boolean
  /** Cognito groups of the user (`cognito:groups`); `admins` makes an operator. */
  groups: readonly string[]
}

/**
 * An organization's API key: it acts for that organization only, within its scopes (each stands for a role
 * permission: `allows`), at most `rateLimitPerMinute` calls a minute on the public API.
 */
export interface ApiKeyActor {
  kind: 'apiKey'
  organizationId: string
  keyId: string
  scopes: readonly ApiScope[]
  rateLimitPerMinute: number
}

/** The platform itself: workers, schedules, the event dispatcher. Trusted; it acts for any organization. */
export interface SystemActor {
  kind: 'system'
  name: string
}

/** A public caller that proved itself with a token or signature (unsubscribe link, SNS, Stripe, sync token). */
export interface TokenActor {
  kind: 'token'
  proof: TokenProof
  /** What the proof names (a contact, a topic, a Stripe account …). */
  subject: string
}

/** Who is calling. */
export type Actor = UserActor | ApiKeyActor | SystemActor | TokenActor

export const systemActor = (name: string): SystemActor => ({ kind: 'system', name })

/** Narrows to a signed-in user: 401 for callers without a sign-in, 403 for keys and the system. */
export function requireUser(actor: Actor): UserActor {
  if (actor.kind === 'user') return actor
  if (actor.kind === 'token') throw new AppError('auth.unauthorized', 'Sign in to continue.')
  throw new AppError('permission.denied', 'Only a signed-in user can do this.')
}

/** Who a change is recorded as made by, for events and records: any caller, never a secret. */
export function principalOf(actor: Actor): Principal {
  switch (actor.kind) {
    case 'user':
      return { type: 'user', accountId: actor.accountId, email: actor.email }
    case 'apiKey':
      return { type: 'apiKey', keyId: actor.keyId }
    case 'system':
      return { type: 'system', name: actor.name }
    case 'token':
      return { type: 'token', proof: actor.proof, subject: actor.subject }
  }
}
