import { authRoutes } from '@app/contracts/auth/routes'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

/** Tokens in our reset and verification links: `#token=<43 url-safe characters>` (never sent to servers). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function tokenFromHash(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim()
  return token && TOKEN_PATTERN.test(token) ? token : undefined
}

export function hashHasToken(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).has('token')
}

export function requestPasswordReset(email: string) {
  return apiRequest(authRoutes.requestPasswordReset, { body: { email } })
}

export function confirmPasswordReset(input: { token: string; password: string }) {
  return apiRequest(authRoutes.confirmPasswordReset, { body: input })
}

export function confirmEmailVerification(token: string) {
  return apiRequest(authRoutes.confirmEmailVerification, { body: { token } })
}

export const authLinkQueries = {
  /**
   * Opening the link is the user's confirmation, so the page confirms on arrival. Keyed by token and cached for
   * the page's life, the call is sent once however often the page renders; cached account data is refreshed.
   */
  emailVerification: (token: string) =>
    queryOptions({
      queryKey: ['email-verification', token] as const,
      queryFn: async ({ client }) => {
        await confirmEmailVerification(token)
        await client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'email-verification' })
        return { verified: true as const }
      },
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
}
