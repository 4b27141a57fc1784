import type { SuppressionSyncList } from '@app/contracts'
import { suppressionSyncRoutes } from '@app/contracts/audience/suppression-sync'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

/** How often the status is read again while a run is under way. */
export const SUPPRESSION_SYNC_POLL_MS = 2000

export const suppressionSyncQueries = {
  all: (organizationId: string) => ['suppression-sync', organizationId] as const,
  /** When one AWS account's SES suppression list was last read into the organization's (a page of one). */
  status: (organizationId: string, awsAccountId: string) =>
    queryOptions({
      queryKey: [...suppressionSyncQueries.all(organizationId), awsAccountId] as const,
      queryFn: ({ signal }) =>
        apiRequest(suppressionSyncRoutes.getSuppressionSync, {
          query: { organizationId, awsAccountId },
          signal,
        }),
      staleTime: 30_000,
      refetchInterval: (query) =>
        query.state.data?.items.some((item) => item.state === 'running') ? SUPPRESSION_SYNC_POLL_MS : false,
    }),
}

/** Reads one AWS account's suppression list now: answers its status (running). */
export function useStartSuppressionSync(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (awsAccountId: string): Promise<SuppressionSyncList> =>
      apiRequest(suppressionSyncRoutes.startSuppressionSync, { body: { organizationId, awsAccountId } }),
    meta: { handlesErrors: true },
    onSuccess: (list, awsAccountId) =>
      queryClient.setQueryData(suppressionSyncQueries.status(organizationId, awsAccountId).queryKey, list),
  })
}
