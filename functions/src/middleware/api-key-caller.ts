import { AppError } from '@app/core'
import { authenticateApiKey } from '@app/core/api-keys/public'
import { type Authenticators, credentialOf } from './actor'

/**
 * An API key's authenticator alone, for groups whose routes take only keys (the public API): in a module of its own, so
 * they carry neither the ID-token verifier nor its JWKS client (`api-callers.ts` has both).
 */
export const apiKeyAuthenticator: Authenticators['apiKey'] = async (event) => {
  const credential = credentialOf(event)
  // The dashboard's sign-in never opens the public API: a JWT is told so, not just that a key is missing.
  if (credential.kind === 'user')
    throw new AppError(
      'auth.unauthorized',
      'The public API takes API keys, not a dashboard sign-in: create a key under Organization → API keys and send it as Authorization: Bearer ssk_live_….',
    )
  if (credential.kind !== 'apiKey')
    throw new AppError('auth.unauthorized', 'This call takes an API key (Authorization: Bearer ssk_live_…).')
  return authenticateApiKey(credential.key)
}
