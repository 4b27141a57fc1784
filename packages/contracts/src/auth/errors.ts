/** Signing in and the token-proven auth flows (password reset, email verification). */
export const AUTH_ERROR_STATUS = {
  'auth.unauthorized': 401,
  'auth.invalid_token': 400,
  'auth.password_policy': 400,
} as const
