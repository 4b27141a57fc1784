import { auditLogRoutes } from '@app/contracts/audit/routes'
import * as Audit from '@app/core/audit/public'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('audit-log', auditLogRoutes, {
  listAuditLog: ({ context, query }) => Audit.listAuditLog(context, query),
  exportAuditLog: ({ context, body }) => Audit.exportAuditLog(context, body),
  getAuditLogExport: ({ context, params }) => Audit.getAuditLogExport(context, params.exportId),
})
