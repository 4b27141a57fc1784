import type { Actor } from '@app/core'
import { AppError } from '@app/core'
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

export function actorFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): Actor {
  const claims = ClaimsSchema.safeParse(event.requestContext.authorizer?.jwt?.claims)
  if (!claims.success) {
    throw new AppError('auth.unauthorized', 'Sign in again: the request carries no valid ID token.')
  }
  return {
    accountId: claims.data.sub,
    username: claims.data['cognito:username'],
    email: claims.data.email.trim().toLowerCase(),
    emailVerified: claims.data.email_verified === 'true',
    groups: groupsOf(claims.data['cognito:groups']),
  }
}
