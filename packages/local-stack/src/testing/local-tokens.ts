import { createRequire } from 'node:module'
import { decodeJwt, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose'
import type { LocalStackConfig } from '../config'

/** cognito-local signs every token with the key pair it ships; only a local stack trusts it. */
const signingKey = (() => {
  const { jwk } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as {
    jwk: JWK
  }
  return importJWK(jwk, 'RS256')
})()

/**
 * An ID token signed with the local pool's real key, valid unless `claims` override it: for tests of token
 * rejection where only one thing is wrong (expired, other client, other issuer).
 */
export async function mintIdToken(config: LocalStackConfig, claims: JWTPayload = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const payload: JWTPayload = {
    sub: '00000000-0000-4000-8000-000000000000',
    'cognito:username': '00000000-0000-4000-8000-000000000000',
    email: 'minted@example.com',
    email_verified: false,
    token_use: 'id',
    auth_time: now,
    iat: now,
    exp: now + 3600,
    aud: config.userPoolClientId,
    iss: config.cognitoIssuer,
    ...claims,
  }
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(await signingKey)
}

/** The same token with one claim changed and the original signature kept. */
export function tamperWithToken(token: string, claims: JWTPayload): string {
  const [header, , signature] = token.split('.')
  const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), ...claims })).toString('base64url')
  return `${header}.${payload}.${signature}`
}
