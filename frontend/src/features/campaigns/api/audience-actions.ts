import { type CampaignAudienceAction, FINISHED_JOB_STATUSES } from '@app/contracts'
import { campaignAudienceActionRoutes } from '@app/contracts/campaigns/audience-actions'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { contactQueries, topicQueries } from '../../audience/api/audience'

export const audienceActionQueries = {
  all: () => ['campaign-audience-actions'] as const,
  /** The actions started from the campaign's report, newest first (the latest ten), with their jobs. */
  runs: (organizationId: string, campaignId: string) =>
    queryOptions({
      queryKey: [...audienceActionQueries.all(), organizationId, campaignId] as const,
      queryFn: ({ signal }) =>
        apiRequest(campaignAudienceActionRoutes.listCampaignAudienceActions, {
          params: { id: campaignId },
          query: { organizationId },
          signal,
        }),
      // While a job runs, its run's tallies move: read again until every run has finished.
      refetchInterval: (query) =>
        query.state.data?.items.some((run) => !FINISHED_JOB_STATUSES.includes(run.job.status)) ? 2000 : false,
    }),
}

/** Starts one of a campaign report's audience actions (202: the job, and the topic a topic action created). */
export function useAudienceAction(organizationId: string, campaignId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, name }: { action: CampaignAudienceAction; name?: string }) => {
      const request = { params: { id: campaignId }, query: { organizationId } }
      const body = name ? { name } : {}
      switch (action) {
        case 'unsubscribe-bounced':
          return apiRequest(campaignAudienceActionRoutes.unsubscribeBouncedContacts, request)
        case 'delete-bounced':
          return apiRequest(campaignAudienceActionRoutes.deleteBouncedContacts, request)
        case 'topic-opened':
          return apiRequest(campaignAudienceActionRoutes.createTopicWithOpenedContacts, { ...request, body })
        case 'topic-clicked':
          return apiRequest(campaignAudienceActionRoutes.createTopicWithClickedContacts, { ...request, body })
        case 'topic-unsubscribed':
          return apiRequest(campaignAudienceActionRoutes.createTopicWithUnsubscribedContacts, {
            ...request,
            body,
          })
      }
    },
    meta: { handlesErrors: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: topicQueries.all() })
      void queryClient.invalidateQueries({ queryKey: audienceActionQueries.all() })
    },
  })
}

/** Once an action's job has finished: the contacts and topics it changed are read again. */
export function useAfterAudienceAction() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: contactQueries.all() })
    void queryClient.invalidateQueries({ queryKey: topicQueries.all() })
    void queryClient.invalidateQueries({ queryKey: audienceActionQueries.all() })
  }
}
