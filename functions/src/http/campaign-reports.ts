import { campaignReportRoutes } from '@app/contracts/campaigns/report-routes'
import * as CampaignReports from '@app/core/campaigns/reports/api'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('campaign-reports', campaignReportRoutes, {
  getCampaignReport: ({ context, params, query }) =>
    CampaignReports.getCampaignReport(context, params.id, query),
  compareCampaigns: ({ context, query }) => CampaignReports.compareCampaigns(context, query),
})
