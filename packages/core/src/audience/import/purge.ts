import { CONTACT_EXPORT_PREFIX, CONTACT_IMPORT_PREFIX } from '../../db/keys'
import type { PurgeDeclaration } from '../../purge/registry'

/**
 * Import and export records live in the organization's partition; their files in the transfer bucket expire
 * on their own (7-day lifecycle), and every key there names the organization.
 */
export const audienceTransfersPurge: PurgeDeclaration = {
  domain: 'audience-transfers',
  prefixes: [CONTACT_IMPORT_PREFIX, CONTACT_EXPORT_PREFIX],
}
