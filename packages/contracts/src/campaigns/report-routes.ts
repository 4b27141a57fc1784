import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import {
  CampaignCompareQuerySchema,
  CampaignCompareSchema,
  CampaignReportQuerySchema,
  CampaignReportSchema,
} from './report'
import { CampaignIdParamsSchema } from './schemas'

/**
 * What a campaign's report reads and does (issue 19), in their own function: the campaign CRUD and sending calls
 * stay in `campaigns`, so neither bundle carries the other's code. Gated to Team plans like campaigns.
 */
const reports = {
  group: 'campaign-reports',
  auth: 'user',
  organization: { in: 'query', key: 'organizationId' },
  feature: 'campaigns',
} as const

export const campaignReportRoutes = {
  getCampaignReport: route({
    ...reports,
    method: 'GET',
    path: '/api/campaigns/{id}/report',
    summary:
      'The campaign’s report from SES’s events: counts, rates, SES threshold warnings, opens and clicks over time (hourly for 48 h, then daily), links and bounces; `machineOpens` says whether machine opens count (default `exclude`)',
    permission: 'campaigns.read',
    params: CampaignIdParamsSchema,
    query: CampaignReportQuerySchema,
    response: CampaignReportSchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found'],
    status: 200,
  }),
  compareCampaigns: route({
    ...reports,
    method: 'GET',
    path: '/api/campaigns/compare',
    summary: 'Two to ten of the organization’s campaigns side by side: their counts and rates',
    permission: 'campaigns.read',
    query: CampaignCompareQuerySchema,
    response: CampaignCompareSchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
