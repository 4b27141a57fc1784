import type { AuditFilters } from '@app/contracts'
import { auditLogRoutes } from '@app/contracts/audit/routes'
import { teamRoutes } from '@app/contracts/teams/routes'
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { apiDownload, apiRequest } from '../../../lib/api-client'
import { type ExportResult, exportFile } from '../../../lib/export-file'

/** Entries a page of the log shows ("Load more" reads the next). */
export const AUDIT_PAGE_SIZE = 50

export const auditLogQueries = {
  all: () => ['audit-log'] as const,
  /** The organization's log, newest first, a page at a time, as the filters select it. */
  entries: (organizationId: string, filters: AuditFilters) =>
    infiniteQueryOptions({
      queryKey: [...auditLogQueries.all(), organizationId, filters] as const,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(auditLogRoutes.listAuditLog, {
          params: { id: organizationId },
          query: { ...filters, cursor: pageParam, limit: AUDIT_PAGE_SIZE },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      // Other filters keep the entries shown until their own arrive (no flash of the loading state).
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
  /**
   * The team, for the member filter: the team page's call under the team page's key (`['team', id]`), so both
   * share one cached answer without this feature importing that one.
   */
  team: (organizationId: string) =>
    queryOptions({
      queryKey: ['team', organizationId] as const,
      queryFn: ({ signal }) => apiRequest(teamRoutes.getTeam, { params: { id: organizationId }, signal }),
      staleTime: 10_000,
    }),
}

/**
 * Downloads the entries the filters select as CSV: the file itself when small, else the export job's file from S3
 * once written (polled through the audit log's own export route).
 */
export function useExportAuditLog(organizationId: string) {
  return useMutation({
    mutationFn: (filters: AuditFilters): Promise<ExportResult> =>
      exportFile(
        organizationId,
        apiDownload(auditLogRoutes.exportAuditLog, {
          params: { id: organizationId },
          body: filters,
          fallbackFilename: 'audit-log.csv',
        }),
        (exportId) =>
          apiRequest(auditLogRoutes.getAuditLogExport, { params: { id: organizationId, exportId } }),
      ),
    meta: { handlesErrors: true },
  })
}
