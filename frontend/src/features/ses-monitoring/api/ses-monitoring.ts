import type { AwsAccount, CombinedQuery, LogsQuery, SesEventType, TimeSeriesQuery } from '@app/contracts'
import { sesMonitoringRoutes } from '@app/contracts/ses-monitoring/routes'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { awsAccountQueries, storeAwsAccount } from '../../aws-accounts/api/aws-accounts'
import type { LogFilters } from '../log-query'
import { confirmationRefetchInterval } from '../monitoring-state'
import type { ReportRange } from '../report-range'

export const sesMonitoringQueries = {
  all: () => ['ses-monitoring'] as const,
  /** Messages sent with monitoring on, newest first; `cursor` is the previous answer's `nextCursor`. */
  logs: (awsAccountId: string, query: LogsQuery) =>
    queryOptions({
      queryKey: [...sesMonitoringQueries.all(), 'logs', awsAccountId, query] as const,
      queryFn: ({ signal }) =>
        apiRequest(sesMonitoringRoutes.listMessageLogs, { params: { id: awsAccountId }, query, signal }),
      staleTime: 15_000,
      // The table keeps the page it shows while the next one loads, instead of flashing empty.
      placeholderData: keepPreviousData,
    }),
  /** Per hour or day: how many messages reached each status. */
  timeSeries: (awsAccountId: string, query: TimeSeriesQuery) =>
    queryOptions({
      queryKey: [...sesMonitoringQueries.all(), 'time-series', awsAccountId, query] as const,
      queryFn: ({ signal }) =>
        apiRequest(sesMonitoringRoutes.getStatusTimeSeries, { params: { id: awsAccountId }, query, signal }),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
  /** Totals and rates for the range, with where bounce and complaint rates stand against SES's thresholds. */
  combined: (awsAccountId: string, query: CombinedQuery) =>
    queryOptions({
      queryKey: [...sesMonitoringQueries.all(), 'combined', awsAccountId, query] as const,
      queryFn: ({ signal }) =>
        apiRequest(sesMonitoringRoutes.getStatusCombined, { params: { id: awsAccountId }, query, signal }),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
}

/** The report of one range: its totals and rates, and its time series. */
export function reportQueries(awsAccount: Pick<AwsAccount, 'id' | 'organizationId'>, range: ReportRange) {
  const { organizationId } = awsAccount
  return {
    combined: sesMonitoringQueries.combined(awsAccount.id, {
      organizationId,
      from: range.from,
      to: range.to,
      timeZone: range.timeZone,
    }),
    timeSeries: sesMonitoringQueries.timeSeries(awsAccount.id, { organizationId, ...range }),
  }
}

/** One page of the log: the newest messages without a cursor. */
export function logsQuery(
  awsAccount: Pick<AwsAccount, 'id' | 'organizationId'>,
  filters: LogFilters,
  cursor: string | undefined,
) {
  return sesMonitoringQueries.logs(awsAccount.id, {
    organizationId: awsAccount.organizationId,
    limit: filters.limit,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.recipient ? { recipient: filters.recipient } : {}),
    ...(cursor ? { cursor } : {}),
  })
}

/** The organization's connections, read again every few seconds while this one waits for SNS to confirm. */
export function connectionsWhileConfirming(awsAccount: Pick<AwsAccount, 'id' | 'organizationId'>) {
  return queryOptions({
    ...awsAccountQueries.list(awsAccount.organizationId),
    refetchInterval: (query) => confirmationRefetchInterval(query.state.data, awsAccount.id, Date.now()),
  })
}

/**
 * Creates the configuration set and SNS topic in the customer's account (again: repairs them). The answer is the
 * connection with `monitoring` pending until SNS confirms the subscription. The form shows failures itself.
 */
export function useEnableMonitoring(awsAccount: Pick<AwsAccount, 'id' | 'organizationId'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (eventTypes: SesEventType[]) =>
      apiRequest(sesMonitoringRoutes.enableMonitoring, {
        params: { id: awsAccount.id },
        body: { organizationId: awsAccount.organizationId, eventTypes },
      }),
    meta: { handlesErrors: true },
    onSuccess: (account) => storeAwsAccount(queryClient, account),
  })
}

/** Removes what monitoring created in the customer's account; the logs recorded so far stay readable. */
export function useDisableMonitoring(awsAccount: Pick<AwsAccount, 'id'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(sesMonitoringRoutes.disableMonitoring, { params: { id: awsAccount.id } }),
    meta: { errorMessage: 'Could not disable monitoring because of an error' },
    onSuccess: (account) => storeAwsAccount(queryClient, account),
  })
}
