import type {
  CreateCheckoutSessionBody,
  CreateCustomerPortalBody,
  Redirect,
  UpdateBillingBody,
} from '@app/contracts'
import { billingRoutes } from '@app/contracts/billing/routes'
import { organizationRoutes } from '@app/contracts/organizations/routes'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiRequest } from '../../../lib/api-client'
import { ApiError } from '../../../lib/api-error'
import { accountQueries } from '../../account/api/account'
import { isNavigableUrl } from '../billing-display'

export const billingQueries = {
  all: () => ['billing'] as const,
  ofOrganization: (organizationId: string) => [...billingQueries.all(), organizationId] as const,
  /** Billing details and the subscription, as the payment provider holds them. */
  details: (organizationId: string) =>
    queryOptions({
      queryKey: [...billingQueries.ofOrganization(organizationId), 'details'] as const,
      queryFn: ({ signal }) => apiRequest(billingRoutes.getBilling, { query: { organizationId }, signal }),
      staleTime: 30_000,
    }),
  /** Newest first, one page per `nextCursor`. */
  invoices: (organizationId: string) =>
    infiniteQueryOptions({
      queryKey: [...billingQueries.ofOrganization(organizationId), 'invoices'] as const,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(billingRoutes.listInvoices, { query: { organizationId, cursor: pageParam }, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      staleTime: 30_000,
    }),
}

/** Sends the browser to the provider's page (checkout or portal); the page unloads, so the button keeps spinning. */
function followRedirect({ url }: Redirect) {
  if (!isNavigableUrl(url)) {
    throw new ApiError(
      502,
      'billing.provider_error',
      'The payment provider sent an address this app will not open.',
    )
  }
  window.location.assign(url)
}

/**
 * The browser's Back button can bring this page back from the back-forward cache after it left for the provider,
 * with its buttons still spinning: start them over.
 */
function useResetWhenRestored(reset: () => void) {
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) reset()
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [reset])
}

/** Starts a Stripe Checkout for a paid plan. The caller shows failures (they belong next to the plan cards). */
export function useStartCheckout() {
  const mutation = useMutation({
    mutationFn: async (body: CreateCheckoutSessionBody) =>
      followRedirect(await apiRequest(billingRoutes.createCheckoutSession, { body })),
    meta: { handlesErrors: true },
  })
  useResetWhenRestored(mutation.reset)
  return mutation
}

/** Opens the provider's customer portal ('manage' overview or straight on the plan switcher). */
export function useOpenCustomerPortal() {
  const mutation = useMutation({
    mutationFn: async (body: CreateCustomerPortalBody) =>
      followRedirect(await apiRequest(billingRoutes.createCustomerPortal, { body })),
    meta: { errorMessage: 'Could not open the subscription portal because of an error' },
  })
  useResetWhenRestored(mutation.reset)
  return mutation
}

export function useUpdateBilling(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateBillingBody) =>
      apiRequest(billingRoutes.updateBilling, { query: { organizationId }, body }),
    meta: { errorMessage: 'Could not save the billing details because of an error' },
    onSuccess: (billing) =>
      queryClient.setQueryData(billingQueries.details(organizationId).queryKey, billing),
  })
}

/** After it, the account no longer carries the notice, so the dashboard opens again. */
export function useAcknowledgePriceChange(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest(organizationRoutes.acknowledgePriceChange, { params: { id: organizationId } }),
    meta: { errorMessage: 'Could not record that you have read the notice because of an error' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
  })
}
