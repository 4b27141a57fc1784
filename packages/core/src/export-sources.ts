import type { ExportSources } from './audience/public'
import { contactsSource } from './audience/public'
import { auditSource } from './audit/public'
import { campaignContactsSource } from './campaigns/public'

/**
 * Every kind of export the contact-transfer worker writes to S3, the one list it is given (so the audience's
 * export machinery imports no domain built on it). A domain with rows to export adds its source here.
 */
export const EXPORT_SOURCES: ExportSources = new Map(
  [contactsSource, campaignContactsSource, auditSource].map((source) => [source.kind, source]),
)
