import { billingRoutes } from '@app/contracts/billing/routes'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../../components/ui/toast-store'
import { apiDownload, apiRequest } from '../../../lib/api-client'
import { saveFile } from '../../../lib/download'
import { adminErrorMessage } from '../admin-display'
import { type DateRange, reportFilename } from '../date-range'

/** Operators only: the API refuses everyone else with 403, whatever the menu showed. */
export const adminQueries = {
  all: () => ['admin'] as const,
  invoices: (range: DateRange) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'invoices', range.from, range.to] as const,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(billingRoutes.listAdminInvoices, { query: { ...range, cursor: pageParam }, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      staleTime: 60_000,
    }),
  planPrices: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'plan-prices'] as const,
      queryFn: ({ signal }) => apiRequest(billingRoutes.getPlanPrices, { signal }),
    }),
}

/** Fetches the CSV with the signed-in token, then saves it under the name the API gives. */
export function useDownloadInvoicesReport() {
  return useMutation({
    mutationFn: async (range: DateRange) => {
      const file = await apiDownload(billingRoutes.getInvoicesReport, {
        query: range,
        fallbackFilename: reportFilename(range),
      })
      saveFile(file.blob, file.filename)
      return file.filename
    },
    meta: { handlesErrors: true },
    onSuccess: (filename) => toast.success(`Downloaded ${filename}.`),
    onError: (error) => toast.danger(adminErrorMessage(error)),
  })
}

export function useSyncPlanPrices() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(billingRoutes.syncPlanPrices),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.planPrices().queryKey }),
  })
}
