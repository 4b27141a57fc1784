import { deleteAll } from '../db/batch'
import {
  BLOCK_PREFIX,
  BLOCK_USE_PREFIX,
  organizationPartition,
  TEMPLATE_PREFIX,
  templateContentPrefix,
  templateOwnerKey,
  templateVersionPrefix,
} from '../db/keys'
import { queryPartition } from '../db/query'
import { keyOf } from '../db/table'
import type { PurgeDeclaration } from '../purge/registry'

export const templatesPurge: PurgeDeclaration = {
  domain: 'templates',
  prefixes: [TEMPLATE_PREFIX, 'TEMPLATE_NAME#', 'TEMPLATE_VERSION#', 'TEMPLATE_CONTENT#'],
  pointersOf: (sk) =>
    sk.startsWith(TEMPLATE_PREFIX) ? [templateOwnerKey(sk.slice(TEMPLATE_PREFIX.length))] : [],
  leftovers: purgeDeletedTemplates,
}

/** Blocks live with templates (their repository is here): their items and where-used records. */
export const blocksPurge: PurgeDeclaration = {
  domain: 'blocks',
  prefixes: [BLOCK_PREFIX, 'BLOCK_NAME#', BLOCK_USE_PREFIX],
}

/**
 * What deleted templates leave (head and name already gone): versions and content, then the owner pointer
 * (last, so a repeated pass still finds the template's organization).
 */
async function purgeDeletedTemplates(
  orgId: string,
  templateIds: readonly string[],
  batchItems: number,
): Promise<'done' | 'more'> {
  let budget = batchItems
  for (const id of templateIds) {
    for (const prefix of [templateVersionPrefix(id), templateContentPrefix(id)]) {
      const { items, lastKey } = await queryPartition(organizationPartition(orgId), {
        sk: { beginsWith: prefix },
        attributes: ['PK', 'SK'],
        limit: budget,
      })
      await deleteAll(items.map(keyOf))
      budget -= items.length
      if (lastKey || budget <= 0) return 'more'
    }
    await deleteAll([templateOwnerKey(id)])
  }
  return 'done'
}
