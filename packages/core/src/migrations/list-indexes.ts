import { BLOCK_PREFIX, blockListIndexes, TEMPLATE_PREFIX, templateListIndexes } from '../db/keys'
import type { Item } from '../db/table'
import { organizationItems, setAttributesIfUnchanged } from './migrations.repo'

export interface ListIndexesWritten {
  /** Template heads and blocks whose list index attributes were written (missing or stale). */
  indexed: number
}

const same = (item: Item, attributes: Record<string, string>) =>
  Object.entries(attributes).every(([name, value]) => item[name] === value)

/**
 * Template heads and blocks written before lists paged in the database lack the attributes of the list indexes
 * (db/keys.ts, access patterns 16 and 25): set them from the item's own name and updatedAt. Only items whose
 * attributes are missing or differ are written, each conditioned on the name and updatedAt it was computed from,
 * so a save racing with the migration wins (it writes the attributes itself).
 */
export async function writeListIndexes(orgId: string): Promise<ListIndexesWritten> {
  const [heads, blocks] = await Promise.all([
    organizationItems(orgId, TEMPLATE_PREFIX),
    organizationItems(orgId, BLOCK_PREFIX),
  ])
  const pending = [
    ...heads.map((item) => ({ item, attributes: templateListIndexes(orgId, headFields(item)) })),
    ...blocks.map((item) => ({ item, attributes: blockListIndexes(orgId, blockFields(item)) })),
  ].filter(({ item, attributes }) => !same(item, attributes))
  let indexed = 0
  for (const { item, attributes } of pending) {
    if (await setAttributesIfUnchanged(item, attributes)) indexed++
  }
  return { indexed }
}

const headFields = (item: Item) => ({
  id: String(item.id),
  name: String(item.name),
  updatedAt: String(item.updatedAt),
})
const blockFields = (item: Item) => ({ id: String(item.id), name: String(item.name) })
