import { BLOCK_PREFIX, BLOCK_USE_PREFIX } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

export const blocksPurge: PurgeDeclaration = {
  domain: 'blocks',
  prefixes: [BLOCK_PREFIX, 'BLOCK_NAME#', BLOCK_USE_PREFIX],
}
