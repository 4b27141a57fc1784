/** API keys of an organization (core `api-keys/`). */
export const API_KEY_ERROR_STATUS = {
  'api_key.not_found': 404,
} as const
