import type { WebhookDelivery, WebhookEndpointInput } from '@app/contracts'
import { webhookRoutes } from '@app/contracts/webhooks/routes'
import type { WebhookEndpointUpdateSchema } from '@app/contracts/webhooks/schemas'
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import type * as z from 'zod'
import { apiRequest } from '../../../lib/api-client'

export type DeliveryStatus = WebhookDelivery['status']
type EndpointUpdate = z.input<typeof WebhookEndpointUpdateSchema>

/** How often a log with a delivery still being attempted is read again (the queue worker posts it). */
export const PENDING_INTERVAL_MS = 1500
/** How often an open log is read again otherwise, so new events' deliveries show up. */
const LOG_INTERVAL_MS = 15_000
const hasPending = (deliveries: readonly WebhookDelivery[] | undefined) =>
  deliveries?.some((delivery) => delivery.status === 'pending') ?? false

export const webhookQueries = {
  all: () => ['webhooks'] as const,
  ofOrganization: (organizationId: string) => [...webhookQueries.all(), organizationId] as const,
  /** Every endpoint of the organization (at most 20: the API answers them as one page). */
  endpoints: (organizationId: string) =>
    queryOptions({
      queryKey: [...webhookQueries.ofOrganization(organizationId), 'endpoints'] as const,
      queryFn: ({ signal }) =>
        apiRequest(webhookRoutes.listWebhookEndpoints, { query: { organizationId }, signal }),
      staleTime: 10_000,
    }),
  /** The endpoint's newest delivery (the list's "last delivery"), read again while it is being attempted. */
  lastDelivery: (organizationId: string, id: string) =>
    queryOptions({
      queryKey: [...webhookQueries.ofOrganization(organizationId), 'deliveries', id, 'last'] as const,
      queryFn: async ({ signal }) => {
        const page = await apiRequest(webhookRoutes.listWebhookDeliveries, {
          params: { id },
          query: { organizationId, limit: 1 },
          signal,
        })
        return page.items[0] ?? null
      },
      staleTime: 10_000,
      refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_INTERVAL_MS : false),
    }),
  /**
   * The endpoint's delivery log, newest first, a page at a time ("Load more"), optionally of one status; read again
   * while it is open.
   */
  deliveries: (organizationId: string, id: string, status?: DeliveryStatus) =>
    infiniteQueryOptions({
      queryKey: [
        ...webhookQueries.ofOrganization(organizationId),
        'deliveries',
        id,
        status ?? 'all',
      ] as const,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(webhookRoutes.listWebhookDeliveries, {
          params: { id },
          query: { organizationId, status, cursor: pageParam, limit: 25 },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      staleTime: 5_000,
      refetchInterval: (query) =>
        hasPending(query.state.data?.pages.flatMap((page) => page.items))
          ? PENDING_INTERVAL_MS
          : LOG_INTERVAL_MS,
    }),
}

function refreshEndpoints(queryClient: QueryClient, organizationId: string) {
  return queryClient.invalidateQueries({ queryKey: webhookQueries.endpoints(organizationId).queryKey })
}

function refreshDeliveries(queryClient: QueryClient, organizationId: string, id: string) {
  return queryClient.invalidateQueries({
    queryKey: [...webhookQueries.ofOrganization(organizationId), 'deliveries', id],
  })
}

/** A new endpoint: the answer carries its signing secret, shown this once. */
export function useCreateWebhookEndpoint(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: WebhookEndpointInput) =>
      apiRequest(webhookRoutes.createWebhookEndpoint, { query: { organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshEndpoints(queryClient, organizationId),
  })
}

export function useUpdateWebhookEndpoint(organizationId: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointUpdate) =>
      apiRequest(webhookRoutes.updateWebhookEndpoint, { params: { id }, query: { organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshEndpoints(queryClient, organizationId),
  })
}

export function useDeleteWebhookEndpoint(organizationId: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest(webhookRoutes.deleteWebhookEndpoint, { params: { id }, query: { organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshEndpoints(queryClient, organizationId),
  })
}

/** A new signing secret, shown once; the previous one keeps signing beside it for 24 hours. */
export function useRotateWebhookSecret(organizationId: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest(webhookRoutes.rotateWebhookSecret, { params: { id }, query: { organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshEndpoints(queryClient, organizationId),
  })
}

/** A disabled endpoint takes new events again. */
export function useEnableWebhookEndpoint(organizationId: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest(webhookRoutes.enableWebhookEndpoint, { params: { id }, query: { organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshEndpoints(queryClient, organizationId),
  })
}

/** A `webhook_endpoint.tested` event to this endpoint only; its delivery shows in the log. */
export function useSendWebhookTest(organizationId: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest(webhookRoutes.sendWebhookTest, { params: { id }, query: { organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshDeliveries(queryClient, organizationId, id),
  })
}

/** One more attempt of a finished delivery, now. */
export function useRedeliverWebhook(organizationId: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest(webhookRoutes.redeliverWebhook, { params: { id, deliveryId }, query: { organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshDeliveries(queryClient, organizationId, id),
  })
}
