import type { AwsAccount, ReportRates } from '@app/contracts'
import { campaignReportRoutes } from '@app/contracts/campaigns/report-routes'
import { templateRoutes } from '@app/contracts/templates/routes'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { campaignQueries } from '../../campaigns/api/campaigns'
import { jobQueries } from '../../jobs/api/jobs'
import { sesMonitoringQueries } from '../../ses-monitoring/api/ses-monitoring'
import { templateQueries } from '../../templates/api/templates'
import { reputationRange, runningJobs } from '../dashboard-display'

/** How many rows each list on the home shows. */
export const HOME_ROWS = 5
/** Campaigns read to find the selected AWS account's latest (the list API pages by organization). */
const CAMPAIGN_WINDOW = 20
/** How often the home reads the jobs again while one runs. */
const JOBS_POLL_MS = 3000

/**
 * What the home reads: each section its own query, so one that fails or waits never blanks the others. Keys sit
 * under the features' own roots, so a change made elsewhere (a campaign sent, a template saved) refreshes them.
 */
export const dashboardQueries = {
  /** The organization's newest campaigns (newest first), refreshed by the list's own rule while one sends. */
  recentCampaigns: (organizationId: string) =>
    campaignQueries.list(organizationId, { limit: CAMPAIGN_WINDOW }),
  /**
   * Open and click rates (and the rest of the report's rates) of the campaigns that have started, by id: one
   * compare call for two to ten of them, the report for one.
   */
  campaignRates: (organizationId: string, ids: readonly string[]) =>
    queryOptions({
      queryKey: [...campaignQueries.all(), 'home-rates', organizationId, ids] as const,
      queryFn: async ({ signal }): Promise<Record<string, ReportRates>> => {
        const [only] = ids
        if (ids.length === 1 && only) {
          const report = await apiRequest(campaignReportRoutes.getCampaignReport, {
            params: { id: only },
            query: { organizationId },
            signal,
          })
          return { [report.campaignId]: report.rates }
        }
        const compared = await apiRequest(campaignReportRoutes.compareCampaigns, {
          query: { organizationId, ids: ids.join(',') },
          signal,
        })
        return Object.fromEntries(compared.campaigns.map((campaign) => [campaign.id, campaign.rates]))
      },
      enabled: ids.length > 0,
      staleTime: 30_000,
      // The engine's counters move while a campaign sends; a failed read is shown once, not retried in a loop.
      retry: 1,
    }),
  /** The templates changed last. */
  recentTemplates: (organizationId: string) =>
    queryOptions({
      queryKey: [...templateQueries.lists(organizationId), 'home'] as const,
      queryFn: async ({ signal }) =>
        (
          await apiRequest(templateRoutes.listTemplates, {
            query: { organizationId, sort: 'updated', order: 'desc', limit: HOME_ROWS },
            signal,
          })
        ).items,
      staleTime: 15_000,
    }),
  /** Jobs still queued or running, read again every few seconds while there are some. */
  runningJobs: (organizationId: string) =>
    queryOptions({
      ...jobQueries.recent(organizationId),
      select: runningJobs,
      refetchInterval: (query) =>
        query.state.data && runningJobs(query.state.data).length > 0 ? JOBS_POLL_MS : false,
    }),
  /** Bounce and complaint rates of the last week, from the account's SES events (monitoring on). */
  reputation: (awsAccount: Pick<AwsAccount, 'id' | 'organizationId'>, now: number) =>
    sesMonitoringQueries.combined(awsAccount.id, {
      organizationId: awsAccount.organizationId,
      ...reputationRange(now),
    }),
}
