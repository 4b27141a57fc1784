import { MutationCache, QueryClient } from '@tanstack/react-query'
import { toast } from '../components/ui/toast-store'
import { errorMessage, isRetryable } from './api-error'

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Spec §9: no refetch on window focus, one retry.
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.handlesErrors) return
        toast.danger(errorMessage(error, mutation.meta?.errorMessage))
      },
    }),
  })
}
