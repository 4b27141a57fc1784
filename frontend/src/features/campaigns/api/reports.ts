import type { MachineOpenMode, RecipientOutcome, RecipientStatus } from '@app/contracts'
import { campaignReportRoutes } from '@app/contracts/campaigns/report-routes'
import { campaignRoutes, contactActivityRoutes } from '@app/contracts/campaigns/routes'
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { campaignQueries, LIVE_INTERVAL_MS } from './campaigns'

const RECIPIENT_PAGE_SIZE = 50
const ACTIVITY_PAGE_SIZE = 25
/** Engagement keeps coming for days after a send: a sent campaign's report is read again every minute. */
const SENT_INTERVAL_MS = 60_000

/** The recipients table's filters: a ledger status or an outcome (not both), and an email prefix. */
export interface RecipientFilters {
  status?: RecipientStatus
  outcome?: RecipientOutcome
  q?: string
}

export const reportQueries = {
  all: () => [...campaignQueries.all(), 'report'] as const,
  /**
   * A campaign's report; `machineOpens` says whether opens flagged as machine opens (Apple Mail Privacy
   * Protection and similar proxies) count. Read every 6 s while sending, every minute after.
   */
  report: (organizationId: string, id: string, machineOpens: MachineOpenMode, live: boolean) =>
    queryOptions({
      queryKey: [...reportQueries.all(), organizationId, id, machineOpens] as const,
      queryFn: ({ signal }) =>
        apiRequest(campaignReportRoutes.getCampaignReport, {
          params: { id },
          query: { organizationId, machineOpens },
          signal,
        }),
      staleTime: 5000,
      placeholderData: keepPreviousData,
      refetchInterval: live ? LIVE_INTERVAL_MS * 3 : SENT_INTERVAL_MS,
    }),
  /** Two to ten campaigns' counts and rates side by side, in the order asked. */
  compare: (organizationId: string, ids: readonly string[], machineOpens: MachineOpenMode) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'compare', organizationId, ids.join(','), machineOpens] as const,
      queryFn: ({ signal }) =>
        apiRequest(campaignReportRoutes.compareCampaigns, {
          query: { organizationId, ids: ids.join(','), machineOpens },
          signal,
        }),
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  /** The per-recipient ledger with what SES told about each, filtered, page after page by cursor. */
  recipients: (organizationId: string, id: string, filters: RecipientFilters, live: boolean) =>
    infiniteQueryOptions({
      queryKey: [
        ...campaignQueries.all(),
        'recipients',
        organizationId,
        id,
        filters.status ?? null,
        filters.outcome ?? null,
        filters.q ?? '',
      ] as const,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(campaignRoutes.listCampaignRecipients, {
          params: { id },
          query: {
            organizationId,
            limit: RECIPIENT_PAGE_SIZE,
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.outcome ? { outcome: filters.outcome } : {}),
            ...(filters.q ? { q: filters.q } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      placeholderData: keepPreviousData,
      refetchInterval: live ? LIVE_INTERVAL_MS * 3 : false,
    }),
  /** What happened to one contact in every campaign, newest first, page after page by cursor. */
  contactActivity: (organizationId: string, contactId: string) =>
    infiniteQueryOptions({
      queryKey: [...reportQueries.all(), 'activity', organizationId, contactId] as const,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(contactActivityRoutes.getContactActivity, {
          params: { id: contactId },
          query: { organizationId, limit: ACTIVITY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      staleTime: 30_000,
    }),
}
