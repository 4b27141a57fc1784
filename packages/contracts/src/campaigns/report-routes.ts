import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import {
  CampaignCompareQuerySchema,
  CampaignCompareSchema,
  CampaignReportQuerySchema,
  CampaignReportSchema,
} from './report'
import {
  CAMPAIGN_CSV_FILE_NAMES,
  CampaignContactsCsvQuerySchema,
  CampaignOpenedCsvQuerySchema,
} from './report-csv'
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

const LARGE_CSV =
  'formula cells escaped; a larger file (over 5,000 rows or 4 MB) answers 202 with the export job writing it to S3 under the same name (ContactExport: poll GET contacts/export/{id})'

/** One of the four contact downloads (columns: report-csv.ts). */
const contactsCsv = <O extends keyof typeof CAMPAIGN_CSV_FILE_NAMES>(outcome: O, what: string) =>
  ({
    ...reports,
    method: 'GET',
    path: `/api/campaigns/{id}/reports/${outcome}-contacts` as const,
    summary: `${what} as ${CAMPAIGN_CSV_FILE_NAMES[outcome]}; ${LARGE_CSV}`,
    permission: 'campaigns.read',
    params: CampaignIdParamsSchema,
    produces: 'text/csv',
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found'],
    status: 200,
  }) as const

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
  downloadOpenedContacts: route({
    ...contactsCsv(
      'opened',
      'The recipients who opened the campaign (email, names, first open, opens, machine opens, whether the first open was a machine’s); `machineOpens=exclude` (the default, as the report) lists those a reader opened, leaving out those only a machine opened, `include` every one opened',
    ),
    query: CampaignOpenedCsvQuerySchema,
  }),
  downloadClickedContacts: route({
    ...contactsCsv(
      'clicked',
      'The recipients who clicked a link (email, names, first click, its link, clicks)',
    ),
    query: CampaignContactsCsvQuerySchema,
  }),
  downloadUnsubscribedContacts: route({
    ...contactsCsv(
      'unsubscribed',
      'The recipients who unsubscribed through the campaign’s link (email, names, when)',
    ),
    query: CampaignContactsCsvQuerySchema,
  }),
  downloadBouncedContacts: route({
    ...contactsCsv(
      'bounced',
      'The recipients whose message bounced, hard or soft (email, names, when, type, subtype)',
    ),
    query: CampaignContactsCsvQuerySchema,
  }),
} as const satisfies Record<string, RouteDefinition>
