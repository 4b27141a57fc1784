import { AppError } from '@app/core'
import { JwtRsaVerifier } from 'aws-jwt-verify'
import type { Fetcher } from 'aws-jwt-verify/https'
import { SimpleJwksCache } from 'aws-jwt-verify/jwk'
import { env } from '../env'

/**
 * The user pool's issuer: Cognito's own (`https://cognito-idp.<region>.amazonaws.com/<pool>`, what API Gateway's
 * JWT authorizer checks), or the local stand-in's when the SDK is pointed at it (`AWS_ENDPOINT_URL_COGNITO_…`:
 * the local pool signs its tokens with that origin, as Cognito does with its endpoint).
 */
export function userPoolIssuer(): string {
  const local = localCognitoOrigin()
  return local
    ? `${local}/${env.userPoolId}`
    : `https://cognito-idp.${env.region}.amazonaws.com/${env.userPoolId}`
}

/** The local Cognito stand-in's origin; only a localhost address is honoured (never a way to trust a host). */
function localCognitoOrigin(): string | undefined {
  const endpoint = env.cognitoEndpoint
  if (!endpoint) return undefined
  const url = new URL(endpoint)
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return undefined
  return url.origin
}

/** aws-jwt-verify fetches over HTTPS only; the local stand-in's JWKS is plain HTTP on localhost. */
const localFetcher: Fetcher = {
  fetch: async (uri) => {
    const response = await fetch(uri, { signal: AbortSignal.timeout(3000) })
    if (!response.ok) throw new Error(`JWKS ${uri}: ${response.status}`)
    return response.arrayBuffer()
  },
}

let verifier: ReturnType<typeof createVerifier> | undefined

function createVerifier() {
  const issuer = userPoolIssuer()
  const audience = env.userPoolClientId
  if (!audience) throw new Error('USER_POOL_CLIENT_ID must be set where a route verifies ID tokens')
  return JwtRsaVerifier.create(
    {
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      audience,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('not an ID token')
      },
    },
    localCognitoOrigin() ? { jwksCache: new SimpleJwksCache({ fetcher: localFetcher }) } : undefined,
  )
}

/**
 * The claims of a Cognito ID token verified in the function (RS256 against the pool's JWKS, issuer, audience =
 * our app client, expiry, `token_use: id`): for routes that also take API keys, which API Gateway's JWT
 * authorizer cannot front. Claims come out as API Gateway's authorizer passes them (strings).
 */
export async function verifyIdToken(token: string): Promise<Record<string, string>> {
  verifier ??= createVerifier()
  try {
    const payload = await verifier.verify(token)
    return Object.fromEntries(
      Object.entries(payload).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
      ]),
    )
  } catch {
    throw new AppError('auth.unauthorized', 'Sign in again: the request carries no valid ID token.')
  }
}
