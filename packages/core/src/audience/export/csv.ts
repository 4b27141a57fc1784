import { CONTACT_EXPORT_COLUMNS } from '@app/contracts'
import { stringify } from 'csv-stringify/sync'
import { type ContactRecord, effectiveStatus, type TopicRecord } from '../model'

/**
 * CSV lines of contacts (CRLF, quoted where needed, every formula-looking cell — `= + - @`, tab, CR first —
 * escaped by a leading quote). `status` is the contact's effective status in the topic exported (empty for a
 * whole-audience export); `attributes` is one JSON object, which the import reads back (`attributesJson`), so any
 * attribute survives the round trip.
 * The header starts with a UTF-8 BOM: without it Excel reads the file as the local code page and garbles
 * José and 山田 (the importer and its preview strip the BOM again).
 */
export function contactLines(
  contacts: readonly ContactRecord[],
  topic?: TopicRecord,
  header = false,
): string {
  const records = contacts.map((contact) => [
    contact.email,
    contact.firstName ?? '',
    contact.lastName ?? '',
    topic ? (effectiveStatus(contact, topic) ?? '') : '',
    contact.unsubscribeAll ? 'true' : 'false',
    contact.suppressed?.reason ?? '',
    Object.keys(contact.attributes).length > 0 ? JSON.stringify(contact.attributes) : '',
    contact.createdAt,
    contact.updatedAt,
  ])
  return stringify(header ? [[...CONTACT_EXPORT_COLUMNS], ...records] : records, {
    record_delimiter: 'windows',
    escape_formulas: true,
    bom: header,
  })
}
