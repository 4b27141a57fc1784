import { TEMPLATE_PREFIX, templateOwnerKey } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

export const templatesPurge: PurgeDeclaration = {
  domain: 'templates',
  prefixes: [TEMPLATE_PREFIX, 'TEMPLATE_NAME#', 'TEMPLATE_VERSION#', 'TEMPLATE_CONTENT#'],
  pointersOf: (sk) =>
    sk.startsWith(TEMPLATE_PREFIX) ? [templateOwnerKey(sk.slice(TEMPLATE_PREFIX.length))] : [],
}
