import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose'

export interface JwtAuthorizerConfig {
  /** Exactly the `iss` tokens must carry. */
  issuer: string
  /** Accepted `aud` (ID tokens) or `client_id` (access tokens) values: the user pool client ids. */
  audience: string[]
  jwksUri: string
}

export type AuthorizerResult =
  | { ok: true; claims: Record<string, string> }
  | { ok: false; description: string }

/**
 * The HTTP API JWT authorizer: token from `Authorization` (optionally `Bearer `), RS256 signature against the
 * issuer's JWKS, `iss`, `aud` or else `client_id` among the audiences, `exp` and `nbf`. Claims come out as
 * strings, the way API Gateway hands them to the integration.
 */
export function createJwtAuthorizer(config: JwtAuthorizerConfig) {
  const jwks = createRemoteJWKSet(new URL(config.jwksUri), { cacheMaxAge: 10 * 60 * 1000 })
  const verified = new VerifiedTokens()

  return async (authorization: string | undefined): Promise<AuthorizerResult> => {
    const token = authorization?.replace(/^Bearer\s+/i, '').trim()
    if (!token) return { ok: false, description: 'the request has no Authorization token' }
    const known = verified.get(token)
    if (known) return known
    const result = await verify(token)
    if (result.ok) verified.remember(token, result)
    return result
  }

  async function verify(token: string): Promise<AuthorizerResult> {
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(token, jwks, { issuer: config.issuer, algorithms: ['RS256'] }))
    } catch (error) {
      return { ok: false, description: describeFailure(error) }
    }
    const audiences = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : []
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : undefined
    const audienceOk =
      audiences.length > 0
        ? audiences.some((aud) => config.audience.includes(aud))
        : clientId !== undefined && config.audience.includes(clientId)
    if (!audienceOk) return { ok: false, description: 'the token does not have a valid audience' }
    return { ok: true, claims: claimStrings(payload) }
  }
}

const VERIFIED_TOKENS = 1000

/**
 * Tokens whose signature and claims were verified, by their exact text, until they expire: the signature of the
 * same bytes cannot become invalid, so a repeat request skips the RSA check (the gateway's own work, which API
 * Gateway does outside the function, would otherwise dominate a local request). `exp` and `nbf` are checked
 * again on every hit; a signing key removed from the JWKS stays trusted for the tokens it signed until they
 * expire, as with any cached authorizer verdict.
 */
class VerifiedTokens {
  private readonly tokens = new Map<string, { claims: Record<string, string>; exp: number; nbf: number }>()

  get(token: string): AuthorizerResult | undefined {
    const entry = this.tokens.get(token)
    if (!entry) return undefined
    const now = Date.now() / 1000
    if (now >= entry.exp || now < entry.nbf) {
      this.tokens.delete(token)
      return undefined
    }
    return { ok: true, claims: entry.claims }
  }

  remember(token: string, result: { claims: Record<string, string> }): void {
    const exp = Number(result.claims.exp)
    if (!Number.isFinite(exp)) return
    const nbf = Number(result.claims.nbf ?? 0)
    if (this.tokens.size >= VERIFIED_TOKENS) {
      const oldest = this.tokens.keys().next().value
      if (oldest !== undefined) this.tokens.delete(oldest)
    }
    this.tokens.set(token, { claims: result.claims, exp, nbf: Number.isFinite(nbf) ? nbf : 0 })
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired'
  if (error instanceof errors.JWTClaimValidationFailed)
    return error.claim === 'iss'
      ? 'the token does not have a valid issuer'
      : `the token ${error.claim} claim is invalid`
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the token signing method is not allowed'
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the token signature is invalid'
  if (error instanceof errors.JWKSNoMatchingKey) return 'no key of the issuer matches the token'
  return 'the token is malformed'
}

/** API Gateway passes every claim as a string; arrays look like `[a b]`. */
export function claimStrings(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      typeof value === 'string'
        ? value
        : Array.isArray(value)
          ? `[${value.join(' ')}]`
          : typeof value === 'object' && value !== null
            ? JSON.stringify(value)
            : String(value),
    ]),
  )
}
