import { ContactExportSchema } from '../audience/transfer'
import { IdParamsSchema } from '../ids'
import { PageSchema } from '../page'
import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import { AuditEntrySchema, AuditExportParamsSchema, AuditFiltersSchema, AuditLogQuerySchema } from './schemas'

const audit = {
  group: 'audit-log',
  auth: 'user',
  organization: { in: 'params', key: 'id' },
  permission: 'audit.read',
} as const

/**
 * The organization's audit log (`/app/organization/audit-log`, owners and admins): who changed what, recorded
 * from the domain events (core `audit/`), kept 400 days.
 */
export const auditLogRoutes = {
  listAuditLog: route({
    ...audit,
    method: 'GET',
    path: '/api/organizations/{id}/audit-log',
    summary:
      'The audit log, newest first, a page at a time; filtered by the member who acted, the action (a code or an area such as `template.`) and days (`from`, `to`, UTC, both included)',
    params: IdParamsSchema,
    query: AuditLogQuerySchema,
    response: PageSchema(AuditEntrySchema),
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  exportAuditLog: route({
    ...audit,
    method: 'POST',
    path: '/api/organizations/{id}/audit-log/export',
    summary:
      'The entries the filters select as audit-log-<day>.csv (formula cells escaped); over 5,000 rows or 4 MB answers 202 with the export job writing it to S3 (poll GET audit-log/export/{exportId})',
    params: IdParamsSchema,
    body: AuditFiltersSchema,
    produces: 'text/csv',
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  getAuditLogExport: route({
    ...audit,
    method: 'GET',
    path: '/api/organizations/{id}/audit-log/export/{exportId}',
    summary: 'An audit-log export job’s status and, once written, a presigned download (15 minutes)',
    params: AuditExportParamsSchema,
    response: ContactExportSchema,
    errors: [...ORGANIZATION_ERRORS, 'contact_export.not_found'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
