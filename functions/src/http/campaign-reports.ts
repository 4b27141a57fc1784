import { campaignReportRoutes } from '@app/contracts/campaigns/report-routes'
import { templateAnalyticsRoutes } from '@app/contracts/campaigns/template-analytics'
import * as CampaignReports from '@app/core/campaigns/reports/api'
import { getTemplateAnalytics } from '@app/core/campaigns/reports/template-analytics'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup(
  'campaign-reports',
  { ...campaignReportRoutes, ...templateAnalyticsRoutes },
  {
    getCampaignReport: ({ context, params, query }) =>
      CampaignReports.getCampaignReport(context, params.id, query),
    compareCampaigns: ({ context, query }) => CampaignReports.compareCampaigns(context, query),
    getTemplateAnalytics: ({ context, params, query }) => getTemplateAnalytics(context, params.id, query),
  },
)
