/**
 * What other packages use of the audit log (the repository stays private to this folder): browsing and exporting
 * it (the `audit-log` endpoint group), its export source (the contact-transfer worker) and its subscribers (the
 * dispatcher's routing table).
 */
export { auditSource, exportAuditLog, getAuditLogExport, listAuditLog } from './audit'
/** The entry an event is recorded as (tests and the page's labels read the same table). */
export { AUDITED_TYPES, auditRecordOf } from './entry'
export { auditSubscribers } from './subscribers'
