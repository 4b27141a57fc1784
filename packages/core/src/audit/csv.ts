import { AUDIT_CSV_COLUMNS, type AuditEntry, auditActionLabel } from '@app/contracts'
import { stringify } from 'csv-stringify/sync'

/**
 * CSV lines of audit entries (CRLF, quoted where needed, every formula-looking cell — `= + - @`, tab, CR first —
 * escaped by a leading quote, as the audience and report exports do: a template or file name is the user's text).
 * The header starts with a UTF-8 BOM so Excel reads names and emails in any script.
 */
export function auditLines(entries: readonly AuditEntry[], header = false): string {
  const records = entries.map((entry) => [
    entry.occurredAt,
    entry.actor.type,
    entry.actor.id ?? '',
    entry.actor.name,
    entry.action,
    auditActionLabel(entry.action),
    entry.target.type,
    entry.target.id,
    entry.target.label,
    entry.change.before ?? '',
    entry.change.after ?? '',
    entry.change.summary ?? '',
  ])
  return stringify(header ? [[...AUDIT_CSV_COLUMNS], ...records] : records, {
    record_delimiter: 'windows',
    escape_formulas: true,
    bom: header,
  })
}
