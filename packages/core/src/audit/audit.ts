import {
  type AuditEntry,
  type AuditFilters,
  AuditFiltersSchema,
  type AuditLogQuery,
  type ContactExport,
  type Page,
} from '@app/contracts'
import * as z from 'zod'
import {
  type ExportAnswer,
  type ExportParams,
  type ExportSource,
  Exports,
  exportRows,
  type InlineLimits,
} from '../audience/public'
import { type CursorQuery, cursorPosition, encodeCursor } from '../db/cursor'
import { assertAllowed, type OrganizationContext } from '../organizations/public'
import * as Repo from './audit.repo'
import { auditLines } from './csv'
import type { AuditRecord } from './entry'

const PositionSchema = z.object({ after: z.string().regex(/^[0-9TZ:.-]+#[0-9A-HJKMNP-TV-Z]{26}$/) }).strict()

const cursorQuery = (orgId: string, filters: AuditFilters, list = 'audit-log'): CursorQuery => ({
  list,
  scope: orgId,
  filters: { member: filters.member, action: filters.action, from: filters.from, to: filters.to },
})

const toEntry = ({ organizationId: _, ...entry }: AuditRecord): AuditEntry => entry

/** A page of the organization's log, newest first (owners and admins: `audit.read`). */
export async function listAuditLog(
  context: OrganizationContext,
  query: AuditLogQuery,
): Promise<Page<AuditEntry>> {
  assertAllowed(context, 'audit.read')
  const { cursor, limit, ...filters } = query
  const position = cursorQuery(context.organizationId, filters)
  const after = cursorPosition(position, cursor, PositionSchema)?.after
  const page = await Repo.listEntries(context.organizationId, { ...filters, limit, after })
  return {
    items: page.entries.map(toEntry),
    nextCursor: page.next ? encodeCursor(position, { after: page.next }) : null,
  }
}

const filtersOf = (params: ExportParams): AuditFilters => AuditFiltersSchema.parse(params)

/** The log's entries as an export's rows (the contact-transfer worker writes a large one to S3 from here). */
export const auditSource: ExportSource = {
  kind: 'audit-log',
  pageLimit: 100,
  async open(orgId, params) {
    const filters = filtersOf(params)
    const position = cursorQuery(orgId, filters, 'audit-log-csv')
    return {
      header: auditLines([], true),
      async page(cursor, limit) {
        const after = cursorPosition(position, cursor, PositionSchema)?.after
        const page = await Repo.listEntries(orgId, { ...filters, limit, after })
        return {
          lines: auditLines(page.entries),
          rows: page.entries.length,
          cursor: page.next ? encodeCursor(position, { after: page.next }) : null,
        }
      },
    }
  },
}

/**
 * The entries the filters select as `audit-log-<day>.csv`: answered at once when small, else the export job's
 * record (202) while the job writes it to S3 (`inline`: tests lower the limits to reach the job with a few rows).
 */
export async function exportAuditLog(
  context: OrganizationContext,
  filters: AuditFilters,
  inline?: InlineLimits,
): Promise<ExportAnswer> {
  assertAllowed(context, 'audit.read')
  const { member, action, from, to } = AuditFiltersSchema.parse(filters)
  const params = Object.fromEntries(
    Object.entries({ member, action, from, to }).filter(([, value]) => value !== undefined),
  ) as ExportParams
  const day = new Date().toISOString().slice(0, 10)
  return exportRows(context, auditSource, { params, fileName: `audit-log-${day}.csv` }, inline)
}

/** An audit-log export job's state and, once written, its download. */
export async function getAuditLogExport(
  context: OrganizationContext,
  exportId: string,
): Promise<ContactExport> {
  assertAllowed(context, 'audit.read')
  return Exports.getExport(context, exportId)
}
