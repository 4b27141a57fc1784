import { AppError } from '@app/core'
import { type Authenticators, actorFromClaims, actorFromEvent, credentialOf } from './actor'
import { apiKeyAuthenticator } from './api-key-caller'
import { verifyIdToken } from './id-token'

/**
 * The authenticators of a group whose routes also take API keys. Such a route has no JWT authorizer at the
 * gateway (it would turn the key away), so a user's ID token is verified here (`id-token.ts`: issuer, JWKS, our
 * client, `token_use: id`) and an API key is looked up by its id and compared by hash (core `api-keys`). Only
 * these groups carry the verifier: `endpointGroup` refuses a route taking API keys without them.
 */
export const callerAuthenticators: Authenticators = {
  user: async (event) => {
    if (event.requestContext.authorizer?.jwt?.claims) return actorFromEvent(event)
    const credential = credentialOf(event)
    if (credential.kind === 'apiKey')
      throw new AppError('auth.unauthorized', 'This call does not take API keys: sign in to continue.')
    if (credential.kind !== 'user')
      throw new AppError('auth.unauthorized', 'Sign in again: the request carries no valid ID token.')
    return actorFromClaims(await verifyIdToken(credential.token))
  },
  apiKey: (event) => apiKeyAuthenticator(event),
}
