import { campaignAudienceActionRoutes } from '@app/contracts/campaigns/audience-actions'
import { campaignReportRoutes } from '@app/contracts/campaigns/report-routes'
import { templateAnalyticsRoutes } from '@app/contracts/campaigns/template-analytics'
import {
  startCampaignAudienceAction as act,
  compareCampaigns,
  downloadCampaignContacts,
  getCampaignReport,
  getTemplateAnalytics,
  listCampaignAudienceActions,
} from '@app/core/campaigns/public'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup(
  'campaign-reports',
  { ...campaignReportRoutes, ...campaignAudienceActionRoutes, ...templateAnalyticsRoutes },
  {
    getCampaignReport: ({ context, params, query }) => getCampaignReport(context, params.id, query),
    compareCampaigns: ({ context, query }) => compareCampaigns(context, query),
    downloadOpenedContacts: ({ context, params, query }) =>
      downloadCampaignContacts(context, params.id, { outcome: 'opened', machineOpens: query.machineOpens }),
    downloadClickedContacts: ({ context, params }) =>
      downloadCampaignContacts(context, params.id, { outcome: 'clicked' }),
    downloadUnsubscribedContacts: ({ context, params }) =>
      downloadCampaignContacts(context, params.id, { outcome: 'unsubscribed' }),
    downloadBouncedContacts: ({ context, params }) =>
      downloadCampaignContacts(context, params.id, { outcome: 'bounced' }),
    listCampaignAudienceActions: ({ context, params, query }) =>
      listCampaignAudienceActions(context, params.id, query),
    unsubscribeBouncedContacts: ({ context, params }) => act(context, params.id, 'unsubscribe-bounced'),
    deleteBouncedContacts: ({ context, params }) => act(context, params.id, 'delete-bounced'),
    createTopicWithOpenedContacts: ({ context, params, body }) =>
      act(context, params.id, 'topic-opened', body),
    createTopicWithClickedContacts: ({ context, params, body }) =>
      act(context, params.id, 'topic-clicked', body),
    createTopicWithUnsubscribedContacts: ({ context, params, body }) =>
      act(context, params.id, 'topic-unsubscribed', body),
    getTemplateAnalytics: ({ context, params, query }) => getTemplateAnalytics(context, params.id, query),
  },
)
