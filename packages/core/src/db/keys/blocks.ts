import { nameSortKey } from './shared'

/*
 * Reusable blocks (templates/blocks).
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Block                ORG#<orgId>             BLOCK#<id>                 ORG#<orgId>#BLOCK  <name key>
 * Block name           ORG#<orgId>             BLOCK_NAME#<name>          -                  -
 * Block use            ORG#<orgId>             BLOCK_USE#<blockId>#<templateId>    -         -
 *
 * 25. An organization's blocks, a page at a time      I: Query GSI1 GSI1PK=ORG#id#BLOCK by name key, from the cursor's
 *                                                     position (`editorType` and `deleting` as a filter expression)
 * 26. A block by id (only under the caller's org)      T: GetItem ORG#id / BLOCK#id
 * 27. Unique block names per organization             T: Put BLOCK_NAME#name with attribute_not_exists, in the
 *                                                     same transaction as the block
 * 28. Where a block is used / which blocks a template  T: Query PK=ORG#id, SK begins_with BLOCK_USE#blockId#; the
 *     uses                                            template head lists its `blockIds` (use items written
 *                                                     in the template's own transaction)
 *
 * A block is one item (its current source and a version counter; no history: a template's versions keep what
 * it compiled to). A template version that references blocks writes a use item per block it adds (with a check
 * that the block exists and is not being deleted) and deletes those it drops, in the template's transaction; a
 * block is deleted only after marking it `deleting` and finding no use items.
 */

export const BLOCK_PREFIX = 'BLOCK#'
export const blockKey = (orgId: string, id: string) => ({ PK: `ORG#${orgId}`, SK: `${BLOCK_PREFIX}${id}` })
export const blockNameKey = (orgId: string, name: string) => ({
  PK: `ORG#${orgId}`,
  SK: `BLOCK_NAME#${name}`,
})
export const blockListPartition = (orgId: string) => `ORG#${orgId}#BLOCK`
export const blockListIndexes = (orgId: string, block: { id: string; name: string }) => ({
  GSI1PK: blockListPartition(orgId),
  GSI1SK: nameSortKey(block.name, block.id),
})
export const BLOCK_USE_PREFIX = 'BLOCK_USE#'
export const blockUsePrefix = (blockId: string) => `${BLOCK_USE_PREFIX}${blockId}#`
export const blockUseKey = (orgId: string, blockId: string, templateId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${blockUsePrefix(blockId)}${templateId}`,
})
