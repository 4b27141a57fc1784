import { ConfirmSignupBodySchema, type SignupBody } from '@app/contracts'
import { signupRoutes } from '@app/contracts/audience/signup-routes'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

export const signupQueries = {
  form: (organizationId: string, topicId: string) =>
    queryOptions({
      queryKey: ['signup-form', organizationId, topicId] as const,
      queryFn: ({ signal }) =>
        apiRequest(signupRoutes.getSignupForm, { params: { topicId }, query: { organizationId }, signal }),
      retry: false,
    }),
  /** Opening the mailed link is the confirmation: sent once per link for the page's life (safe to repeat). */
  confirmation: (search: string) => {
    const link = Object.fromEntries(new URLSearchParams(search))
    const parsed = ConfirmSignupBodySchema.safeParse(link)
    return queryOptions({
      queryKey: ['signup-confirmation', search] as const,
      queryFn: () => {
        if (!parsed.success) throw new Error('invalid link')
        return apiRequest(signupRoutes.confirmSignup, { body: parsed.data })
      },
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    })
  },
}

export function signUp(body: SignupBody) {
  return apiRequest(signupRoutes.signUp, { body })
}
