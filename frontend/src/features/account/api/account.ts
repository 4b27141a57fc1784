import type { Account, UpdateAccountBody } from '@app/contracts'
import { accountRoutes } from '@app/contracts/account/routes'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { signedInEmail } from '../../../lib/amplify'
import { apiRequest } from '../../../lib/api-client'
import { ApiError, isApiError } from '../../../lib/api-error'
import { applyAccountUpdate } from '../account-state'

/**
 * The signed-in account. On first sign-in there is none yet (404 account.not_found): create it, which the API
 * does idempotently together with the user's first organization.
 */
export async function fetchOrCreateAccount(): Promise<Account> {
  try {
    return await apiRequest(accountRoutes.getAccount)
  } catch (error) {
    if (!isApiError(error, 'account.not_found')) throw error
    const email = await signedInEmail()
    if (!email) throw new ApiError(401, 'auth.unauthorized', 'Your session has ended. Sign in again.')
    return apiRequest(accountRoutes.createAccount, { body: { email } })
  }
}

export const accountQueries = {
  all: () => ['account'] as const,
  current: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'current'] as const,
      queryFn: fetchOrCreateAccount,
      staleTime: 60_000,
    }),
}

const UPDATE_ACCOUNT_KEY = ['account', 'update'] as const

/**
 * Spec §4: applied to the cache at once, rolled back on failure, then replaced by the server's answer. Updates go
 * to the server one after another in the order they were made (two quick selections must not land the wrong way
 * round), and only the last answer replaces the cache.
 */
export function useUpdateAccount({ errorMessage }: { errorMessage?: string } = {}) {
  const queryClient = useQueryClient()
  const { queryKey } = accountQueries.current()
  return useMutation({
    mutationKey: UPDATE_ACCOUNT_KEY,
    scope: { id: UPDATE_ACCOUNT_KEY.join(':') },
    mutationFn: (body: UpdateAccountBody) => apiRequest(accountRoutes.updateAccount, { body }),
    meta: { errorMessage: errorMessage ?? 'Could not update your account because of an error' },
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey })
      const previous = queryClient.getQueryData(queryKey)
      if (previous) queryClient.setQueryData(queryKey, applyAccountUpdate(previous, body))
      return { previous }
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous)
    },
    onSuccess: (account) => {
      // This update still counts as pending here; a later one's answer will be the newer account.
      if (queryClient.isMutating({ mutationKey: UPDATE_ACCOUNT_KEY }) <= 1)
        queryClient.setQueryData(queryKey, account)
    },
  })
}

export function useResendVerificationEmail() {
  return useMutation({
    mutationFn: () => apiRequest(accountRoutes.sendEmailVerification),
    meta: { errorMessage: 'Could not send the verification email because of an error' },
  })
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => apiRequest(accountRoutes.deleteAccount),
    meta: { errorMessage: 'Could not delete your account because of an error' },
  })
}
