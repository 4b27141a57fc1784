/** API keys of an organization (core `api-keys/`). */
export const API_KEY_ERROR_STATUS = {
  'api_key.not_found': 404,
  /** Renaming or rotating a key that was revoked: a revoked key stays revoked. */
  'api_key.revoked': 409,
} as const
