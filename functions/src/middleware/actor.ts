import type { RouteAuth } from '@app/contracts'
import { type ApiKeyActor, AppError, type UserActor } from '@app/core'
import { looksLikeApiKey } from '@app/core/api-keys/public'
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda'
import * as z from 'zod'
import { headerOf } from './pipeline'

/** Claims API Gateway's JWT authorizer verified and passed on (all values are strings there). */
const ClaimsSchema = z.object({
  sub: z.uuid(),
  email: z.string().min(3),
  email_verified: z.string().optional(),
  'cognito:username': z.string().min(1),
  token_use: z.literal('id'),
  /** API Gateway flattens array claims into a string such as `[admins editors]`. */
  'cognito:groups': z.union([z.string(), z.array(z.string())]).optional(),
})

function groupsOf(claim: string | string[] | undefined): string[] {
  if (Array.isArray(claim)) return claim
  if (!claim) return []
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean)
}

/** The signed-in user, from claims verified by API Gateway's JWT authorizer or by the function itself. */
export function actorFromClaims(verified: unknown): UserActor {
  const claims = ClaimsSchema.safeParse(verified)
  if (!claims.success) {
    throw new AppError('auth.unauthorized', 'Sign in again: the request carries no valid ID token.')
  }
  return {
    kind: 'user',
    accountId: claims.data.sub,
    username: claims.data['cognito:username'],
    email: claims.data.email.trim().toLowerCase(),
    emailVerified: claims.data.email_verified === 'true',
    groups: groupsOf(claims.data['cognito:groups']),
  }
}

/** The signed-in user of a `user` route, from the claims API Gateway's JWT authorizer verified. */
export function actorFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): UserActor {
  return actorFromClaims(event.requestContext.authorizer?.jwt?.claims)
}

type Event = APIGatewayProxyEventV2WithJWTAuthorizer

/**
 * The credential a call presents in `Authorization` (`Bearer <credential>`; API Gateway's authorizer also takes
 * an ID token without the scheme): an API key (`ssk_…`), a JWT (the Cognito ID token), nothing, or something
 * that is neither (`malformed`). The caller's kind follows from it.
 */
export type Credential =
  | { kind: 'apiKey'; key: string }
  | { kind: 'user'; token: string }
  | { kind: 'none' }
  | { kind: 'malformed' }

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

export function credentialOf(event: Pick<Event, 'headers' | 'requestContext'>): Credential {
  if (event.requestContext?.authorizer?.jwt?.claims) return { kind: 'user', token: '' }
  const header = headerOf(event, 'authorization')?.trim()
  if (!header) return { kind: 'none' }
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)
  const credential = bearer ? bearer[1] : header
  if (!credential || /\s/.test(credential)) return { kind: 'malformed' }
  if (looksLikeApiKey(credential)) return { kind: 'apiKey', key: credential }
  if (JWT.test(credential)) return { kind: 'user', token: credential }
  return { kind: 'malformed' }
}

/**
 * How each kind of caller is authenticated. A user: by default the claims API Gateway's JWT authorizer verified;
 * a group with routes that also take API keys (which the authorizer cannot front) passes `callerAuthenticators`
 * (`api-callers.ts`: the ID token verified in the function, the key looked up in core) — kept out of every other
 * group's bundle. `token` routes verify their proof in core; `none` routes have no caller. Tests plug in their own.
 */
export interface Authenticators {
  user: (event: Event) => Promise<UserActor>
  apiKey: (event: Event) => Promise<ApiKeyActor>
}

export const defaultAuthenticators: Authenticators = {
  user: async (event) => {
    if (!event.requestContext.authorizer?.jwt?.claims && credentialOf(event).kind === 'apiKey')
      throw new AppError('auth.unauthorized', 'This call does not take API keys: sign in to continue.')
    return actorFromEvent(event)
  },
  apiKey: async () => {
    throw new AppError('auth.unauthorized', 'This call does not take API keys: sign in to continue.')
  },
}

export type AuthenticatedKind = Extract<RouteAuth, keyof Authenticators>
