import { type CampaignAudienceAction, routes } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { contactQueries, topicQueries } from '../../audience/api/audience'

/** Starts one of a campaign report's audience actions (202: the job, and the topic a topic action created). */
export function useAudienceAction(organizationId: string, campaignId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, name }: { action: CampaignAudienceAction; name?: string }) => {
      const request = { params: { id: campaignId }, query: { organizationId } }
      const body = name ? { name } : {}
      switch (action) {
        case 'unsubscribe-bounced':
          return apiRequest(routes.unsubscribeBouncedContacts, request)
        case 'delete-bounced':
          return apiRequest(routes.deleteBouncedContacts, request)
        case 'topic-opened':
          return apiRequest(routes.createTopicWithOpenedContacts, { ...request, body })
        case 'topic-clicked':
          return apiRequest(routes.createTopicWithClickedContacts, { ...request, body })
        case 'topic-unsubscribed':
          return apiRequest(routes.createTopicWithUnsubscribedContacts, { ...request, body })
      }
    },
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: topicQueries.all() }),
  })
}

/** Once an action's job has finished: the contacts and topics it changed are read again. */
export function useAfterAudienceAction() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: contactQueries.all() })
    void queryClient.invalidateQueries({ queryKey: topicQueries.all() })
  }
}
