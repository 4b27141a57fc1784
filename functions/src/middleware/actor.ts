import type { RouteAuth } from '@app/contracts'
import { type ApiKeyActor, AppError, type UserActor } from '@app/core'
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda'
import * as z from 'zod'

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

/** The signed-in user of a `user` route, from the claims API Gateway's JWT authorizer verified. */
export function actorFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): UserActor {
  const claims = ClaimsSchema.safeParse(event.requestContext.authorizer?.jwt?.claims)
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

type Event = APIGatewayProxyEventV2WithJWTAuthorizer

/**
 * How each kind of route authenticates its caller. Pluggable: the API-keys feature brings the `apiKey`
 * authenticator (a key looked up by its hash); until then no key exists and every key is refused. `token`
 * routes verify their proof in core (the proof is the request itself); `none` routes have no caller.
 */
export interface Authenticators {
  user: (event: Event) => Promise<UserActor>
  apiKey: (event: Event) => Promise<ApiKeyActor>
}

export const defaultAuthenticators: Authenticators = {
  user: async (event) => actorFromEvent(event),
  apiKey: async () => {
    throw new AppError('auth.unauthorized', 'This API key is not valid.')
  },
}

export type AuthenticatedKind = Extract<RouteAuth, keyof Authenticators>
