/**
 * What the API middleware and other domains use of API keys (the repository stays private to this folder):
 * authenticating a presented key, and telling a key from an ID token. Creating, listing and revoking are in
 * `api-keys.ts`.
 */
export { authenticateApiKey, findApiKeyActor } from './api-keys'
export { looksLikeApiKey } from './format'
