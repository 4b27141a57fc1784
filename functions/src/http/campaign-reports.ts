import { campaignAudienceActionRoutes } from '@app/contracts/campaigns/audience-actions'
import { campaignReportRoutes } from '@app/contracts/campaigns/report-routes'
import { startCampaignAudienceAction as act } from '@app/core/campaigns/actions/start'
import * as CampaignReports from '@app/core/campaigns/reports/api'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup(
  'campaign-reports',
  { ...campaignReportRoutes, ...campaignAudienceActionRoutes },
  {
    getCampaignReport: ({ context, params, query }) =>
      CampaignReports.getCampaignReport(context, params.id, query),
    compareCampaigns: ({ context, query }) => CampaignReports.compareCampaigns(context, query),
    unsubscribeBouncedContacts: ({ context, params }) => act(context, params.id, 'unsubscribe-bounced'),
    deleteBouncedContacts: ({ context, params }) => act(context, params.id, 'delete-bounced'),
    createTopicWithOpenedContacts: ({ context, params, body }) =>
      act(context, params.id, 'topic-opened', body),
    createTopicWithClickedContacts: ({ context, params, body }) =>
      act(context, params.id, 'topic-clicked', body),
    createTopicWithUnsubscribedContacts: ({ context, params, body }) =>
      act(context, params.id, 'topic-unsubscribed', body),
  },
)
