import { AUDIT_PREFIX } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

/** The organization's audit entries go with it (their member index entries with them). */
export const auditPurge: PurgeDeclaration = {
  domain: 'audit',
  prefixes: [AUDIT_PREFIX],
}
