import type { Column, ContentBlock, DocumentStyles, VisualBlock, VisualDocument } from '@app/contracts'
import {
  column,
  createBlock,
  createBlockRef,
  documentIds,
  freshId,
  ID_PREFIXES,
  type PaletteType,
} from './new-blocks'

/**
 * The block document as the visual editor changes it: pure functions from one document to the next (the
 * history keeps every one). Block ids are readable (`button-2`) and unique in the document, columns included.
 */

/** Where a block sits: the document's top level (`columnId: null`) or a column, at an index in that list. */
export interface BlockLocation {
  columnId: string | null
  index: number
}

export interface FoundBlock {
  block: VisualBlock
  location: BlockLocation
  /** The columns block around it, for a block inside a column. */
  parentId: string | null
}

export function findBlock(document: VisualDocument, id: string): FoundBlock | undefined {
  for (const [index, block] of document.blocks.entries()) {
    if (block.id === id) return { block, location: { columnId: null, index }, parentId: null }
    if (block.type === 'columns') {
      for (const item of block.columns) {
        const inner = item.blocks.findIndex((candidate) => candidate.id === id)
        const found = item.blocks[inner]
        if (found) return { block: found, location: { columnId: item.id, index: inner }, parentId: block.id }
      }
    }
  }
  return undefined
}

/** The columns block holding a column, and the column. */
export function findColumn(
  document: VisualDocument,
  columnId: string,
): { parent: Extract<VisualBlock, { type: 'columns' }>; column: Column } | undefined {
  for (const block of document.blocks) {
    if (block.type !== 'columns') continue
    const found = block.columns.find((item) => item.id === columnId)
    if (found) return { parent: block, column: found }
  }
  return undefined
}

/** Columns and reusable blocks stay at the top level: email layouts do not nest sections. */
export function canPlace(block: VisualBlock, location: BlockLocation): block is ContentBlock {
  return location.columnId === null || (block.type !== 'columns' && block.type !== 'blockRef')
}

function listAt(document: VisualDocument, columnId: string | null): readonly VisualBlock[] | undefined {
  return columnId === null ? document.blocks : findColumn(document, columnId)?.column.blocks
}

function withList(
  document: VisualDocument,
  columnId: string | null,
  change: (blocks: VisualBlock[]) => VisualBlock[],
): VisualDocument {
  if (columnId === null) return { ...document, blocks: change([...document.blocks]) }
  return {
    ...document,
    blocks: document.blocks.map((block) =>
      block.type !== 'columns' || !block.columns.some((item) => item.id === columnId)
        ? block
        : {
            ...block,
            columns: block.columns.map((item) =>
              item.id === columnId ? { ...item, blocks: change([...item.blocks]) as ContentBlock[] } : item,
            ),
          },
    ),
  }
}

/** The document with `block` at `location` (the index is clamped), or unchanged when it cannot go there. */
export function insertBlock(
  document: VisualDocument,
  block: VisualBlock,
  location: BlockLocation,
): VisualDocument {
  const list = listAt(document, location.columnId)
  if (!list || !canPlace(block, location)) return document
  const index = Math.max(0, Math.min(location.index, list.length))
  return withList(document, location.columnId, (blocks) => {
    blocks.splice(index, 0, block)
    return blocks
  })
}

export function deleteBlock(document: VisualDocument, id: string): VisualDocument {
  const found = findBlock(document, id)
  if (!found) return document
  return withList(document, found.location.columnId, (blocks) => blocks.filter((block) => block.id !== id))
}

/**
 * Moves a block to `to`, whose index counts in the target list without the block (so moving within one list
 * to index 0 makes it first). Unchanged when the block cannot go there (columns or reusable blocks into a column,
 * a columns block into itself).
 */
export function moveBlock(document: VisualDocument, id: string, to: BlockLocation): VisualDocument {
  const found = findBlock(document, id)
  if (!found || !canPlace(found.block, to)) return document
  const without = deleteBlock(document, id)
  if (!listAt(without, to.columnId)) return document
  return insertBlock(without, found.block, to)
}

/**
 * One step up or down for the toolbar and Alt+Arrow: within its list, and at the edge of a column out to the
 * top level next to its columns block.
 */
export function moveBlockBy(document: VisualDocument, id: string, delta: -1 | 1): VisualDocument {
  const found = findBlock(document, id)
  if (!found) return document
  const { columnId, index } = found.location
  const list = listAt(document, columnId) ?? []
  const target = index + delta
  if (target >= 0 && target < list.length) return moveBlock(document, id, { columnId, index: target })
  if (columnId === null || found.parentId === null) return document
  const parentIndex = document.blocks.findIndex((block) => block.id === found.parentId)
  return moveBlock(document, id, { columnId: null, index: delta < 0 ? parentIndex : parentIndex + 1 })
}

export function canMoveBy(document: VisualDocument, id: string, delta: -1 | 1): boolean {
  return moveBlockBy(document, id, delta) !== document
}

/** A deep copy with fresh ids (its columns and their blocks too). */
export function cloneBlock(block: VisualBlock, taken: Set<string>): VisualBlock {
  const copy = structuredClone(block)
  copy.id = freshId(ID_PREFIXES[copy.type], taken)
  if (copy.type === 'columns') {
    for (const item of copy.columns) {
      item.id = freshId('column', taken)
      for (const inner of item.blocks) inner.id = freshId(ID_PREFIXES[inner.type], taken)
    }
  }
  return copy
}

/** The copy goes right after the original; `id` is the copy's. */
export function duplicateBlock(
  document: VisualDocument,
  id: string,
): { document: VisualDocument; id: string | undefined } {
  const found = findBlock(document, id)
  if (!found) return { document, id: undefined }
  const copy = cloneBlock(found.block, documentIds(document))
  return {
    document: insertBlock(document, copy, { ...found.location, index: found.location.index + 1 }),
    id: copy.id,
  }
}

/** Distributive, so a patch for one block type only names that type's fields. */
export type BlockPatch<B extends VisualBlock = VisualBlock> = B extends VisualBlock
  ? Partial<Omit<B, 'id' | 'type'>>
  : never

export function updateBlock(document: VisualDocument, id: string, patch: BlockPatch): VisualDocument {
  const found = findBlock(document, id)
  if (!found) return document
  const updated = { ...found.block, ...patch } as VisualBlock
  return withList(document, found.location.columnId, (blocks) =>
    blocks.map((block) => (block.id === id ? updated : block)),
  )
}

export function updateStyles(document: VisualDocument, patch: Partial<DocumentStyles>): VisualDocument {
  return { ...document, styles: { ...document.styles, ...patch } }
}

export function updatePreheader(document: VisualDocument, preheader: string): VisualDocument {
  return { ...document, preheader }
}

/**
 * A columns block with `widths.length` columns of those widths. Columns keep their blocks in order; the blocks
 * of columns taken away go to the end of the last one that stays.
 */
export function setColumnLayout(
  document: VisualDocument,
  id: string,
  widths: readonly number[],
): VisualDocument {
  const found = findBlock(document, id)
  if (found?.block.type !== 'columns' || widths.length < 1 || widths.length > 3) return document
  const taken = documentIds(document)
  const current = found.block.columns
  const columns = widths.map((width, index) => {
    const existing = current[index]
    return existing ? { ...existing, width } : column(taken, width)
  })
  const dropped = current.slice(widths.length).flatMap((item) => item.blocks)
  const last = columns[columns.length - 1]
  if (last && dropped.length > 0) last.blocks = [...last.blocks, ...dropped]
  return updateBlock(document, id, { columns })
}

/** The block after which a palette click inserts: after the selection (in its column), else at the end. */
export function insertionAfter(document: VisualDocument, selectedId: string | null): BlockLocation {
  const found = selectedId ? findBlock(document, selectedId) : undefined
  if (!found) return { columnId: null, index: document.blocks.length }
  return { columnId: found.location.columnId, index: found.location.index + 1 }
}

/** Adds a palette block after the selection; a columns block selected inside a column goes after its row. */
export function addBlock(
  document: VisualDocument,
  type: PaletteType,
  selectedId: string | null,
): { document: VisualDocument; id: string } {
  return placeAfterSelection(document, createBlock(type, documentIds(document)), selectedId)
}

/** Adds a reusable block after the selection (after the selected block's row when that is in a column). */
export function addBlockRef(
  document: VisualDocument,
  blockId: string,
  selectedId: string | null,
): { document: VisualDocument; id: string } {
  return placeAfterSelection(document, createBlockRef(blockId, documentIds(document)), selectedId)
}

function placeAfterSelection(
  document: VisualDocument,
  block: VisualBlock,
  selectedId: string | null,
): { document: VisualDocument; id: string } {
  let location = insertionAfter(document, selectedId)
  if (!canPlace(block, location)) {
    const found = selectedId ? findBlock(document, selectedId) : undefined
    const parentIndex = document.blocks.findIndex((item) => item.id === found?.parentId)
    location = { columnId: null, index: parentIndex < 0 ? document.blocks.length : parentIndex + 1 }
  }
  return { document: insertBlock(document, block, location), id: block.id }
}
