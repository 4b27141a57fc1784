import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { toast } from '../components/ui/toast-store'
import { errorMessage, isApiError, isRetryable } from './api-error'

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The mutation shows its own error message; the global toast stays quiet. */
      handlesErrors?: boolean
      /** The toast text for failures that carry no API message. */
      errorMessage?: string
    }
  }
}

/**
 * A member removed from the selected organization gets 404 `organization.not_found` on their next call: the
 * account, read again, no longer lists it, so the app falls back to another organization (or none).
 */
function refreshAccountWhenOrganizationGone(client: QueryClient, error: unknown, key?: readonly unknown[]) {
  if (isApiError(error, 'organization.not_found') && key?.[0] !== 'account')
    void client.invalidateQueries({ queryKey: ['account'] })
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      // Spec §9: no refetch on window focus, one retry.
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
      },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => refreshAccountWhenOrganizationGone(client, error, query.queryKey),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        refreshAccountWhenOrganizationGone(client, error)
        if (mutation.meta?.handlesErrors) return
        toast.danger(errorMessage(error, mutation.meta?.errorMessage))
      },
    }),
  })
  return client
}
