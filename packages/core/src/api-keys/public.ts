/**
 * What the API middleware, the dashboard's endpoints and other domains use of API keys (the repository stays
 * private to this folder): authenticating a presented key, telling a key from an ID token, re-checking a key
 * later, and managing the organization's keys (list, create, rename, rotate, revoke).
 */
export {
  apiKeyName,
  authenticateApiKey,
  createApiKey,
  findApiKeyActor,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
  updateApiKey,
} from './api-keys'
/** Telling a key from an ID token, and hiding presented keys in logged text (core's log redaction). */
export { looksLikeApiKey, scrubApiKeys } from './format'
