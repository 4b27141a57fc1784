import type {
  Campaign,
  CampaignAction,
  CampaignListQuery,
  CampaignTestSendBody,
  CreateCampaignBody,
  UpdateCampaignBody,
} from '@app/contracts'
import { campaignCheckRoutes } from '@app/contracts/campaigns/check-routes'
import { campaignRoutes } from '@app/contracts/campaigns/routes'
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { isLive } from '../campaign-display'

/** How often a campaign being sent is read again (its counts move as the engine sends). */
export const LIVE_INTERVAL_MS = 2000

type ListFilters = Omit<CampaignListQuery, 'organizationId'>

/** How often the pre-flight is read again while the account's SES events wait for SNS's confirmation. */
const CONFIRMING_INTERVAL_MS = 3000

export const campaignQueries = {
  all: () => ['campaigns'] as const,
  lists: (organizationId: string) => [...campaignQueries.all(), 'list', organizationId] as const,
  /** One page of the list (search, status, `cursor` from the page before); refreshed while a listed campaign sends. */
  list: (organizationId: string, filters: ListFilters) =>
    queryOptions({
      queryKey: [...campaignQueries.lists(organizationId), filters] as const,
      queryFn: ({ signal }) =>
        apiRequest(campaignRoutes.listCampaigns, { query: { organizationId, ...filters }, signal }),
      staleTime: 10_000,
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.items.some((campaign) => campaign.status === 'SENDING') ? 5000 : false,
    }),
  /** A campaign; read every 2 s while the engine moves it (scheduled, sending, paused waiting for quota). */
  detail: (organizationId: string, id: string) =>
    queryOptions({
      queryKey: [...campaignQueries.all(), 'detail', organizationId, id] as const,
      queryFn: ({ signal }) =>
        apiRequest(campaignRoutes.getCampaign, { params: { id }, query: { organizationId }, signal }),
      staleTime: 1000,
      refetchInterval: (query) =>
        query.state.data && isLive(query.state.data.status) ? LIVE_INTERVAL_MS : false,
    }),
  /** What sending now would do: recipients, missing variables, refusals, estimate. */
  preflight: (organizationId: string, id: string) =>
    queryOptions({
      queryKey: [...campaignQueries.all(), 'preflight', organizationId, id] as const,
      queryFn: ({ signal }) =>
        apiRequest(campaignCheckRoutes.getCampaignPreflight, {
          params: { id },
          query: { organizationId },
          signal,
        }),
      staleTime: 0,
      // Never shown from the cache: a review opened again (back from fixing the template) runs it afresh.
      gcTime: 0,
      // Until SNS confirms the SES events subscription just set up, the send stays refused: ask again.
      refetchInterval: (query) =>
        query.state.data?.events?.state === 'PENDING_CONFIRMATION' ? CONFIRMING_INTERVAL_MS : false,
    }),
  /** The sender last saved on one of the organization's campaigns: where a new campaign's Sender step starts. */
  senderDefaults: (organizationId: string) =>
    queryOptions({
      queryKey: [...campaignQueries.all(), 'sender-defaults', organizationId] as const,
      queryFn: ({ signal }) =>
        apiRequest(campaignRoutes.getCampaignSenderDefaults, { query: { organizationId }, signal }),
      staleTime: 30_000,
    }),
}

function afterChange(queryClient: QueryClient, campaign: Campaign) {
  queryClient.setQueryData(campaignQueries.detail(campaign.organizationId, campaign.id).queryKey, campaign)
  void queryClient.invalidateQueries({ queryKey: campaignQueries.lists(campaign.organizationId) })
  void queryClient.invalidateQueries({
    queryKey: campaignQueries.preflight(campaign.organizationId, campaign.id).queryKey,
  })
  // A saved sender is the organization's defaults from now on.
  if (campaign.sender)
    void queryClient.invalidateQueries({
      queryKey: campaignQueries.senderDefaults(campaign.organizationId).queryKey,
    })
}

/** A draft on one AWS account; the flow fills it step by step. */
export function useCreateCampaign(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ awsAccountId, body }: { awsAccountId: string; body: CreateCampaignBody }) =>
      apiRequest(campaignRoutes.createCampaign, { query: { organizationId, awsAccountId }, body }),
    meta: { handlesErrors: true },
    onSuccess: (campaign) => afterChange(queryClient, campaign),
  })
}

/** Edits of a DRAFT or SCHEDULED campaign. */
export function useUpdateCampaign(organizationId: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateCampaignBody) =>
      apiRequest(campaignRoutes.updateCampaign, { params: { id }, query: { organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: (campaign) => afterChange(queryClient, campaign),
  })
}

/** schedule, send, pause, resume, cancel, retryFailed, retryUnconfirmed (409 when the status moved on). */
export function useCampaignAction(organizationId: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: CampaignAction) =>
      apiRequest(campaignRoutes.updateCampaign, {
        params: { id },
        query: { organizationId },
        body: { action },
      }),
    meta: { handlesErrors: true },
    onSuccess: (campaign) => {
      afterChange(queryClient, campaign)
      void queryClient.invalidateQueries({
        queryKey: [...campaignQueries.all(), 'recipients', organizationId, id],
      })
    },
    onError: () =>
      void queryClient.invalidateQueries({
        queryKey: campaignQueries.detail(organizationId, id).queryKey,
      }),
  })
}

export function useDeleteCampaign(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(campaignRoutes.deleteCampaign, { params: { id }, query: { organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: campaignQueries.detail(organizationId, id).queryKey })
      void queryClient.invalidateQueries({ queryKey: campaignQueries.lists(organizationId) })
    },
  })
}

export function useDuplicateCampaign(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(campaignRoutes.duplicateCampaign, { params: { id }, query: { organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: (campaign) => afterChange(queryClient, campaign),
  })
}

export function useCampaignTestSend(organizationId: string, id: string) {
  return useMutation({
    mutationFn: (body: CampaignTestSendBody) =>
      apiRequest(campaignCheckRoutes.sendCampaignTest, { params: { id }, query: { organizationId }, body }),
    meta: { handlesErrors: true },
  })
}
