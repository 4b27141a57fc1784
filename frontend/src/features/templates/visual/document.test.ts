import { parseVisualDocument, type VisualDocument, visualDocumentSource } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { blockName } from './block-names'
import {
  addBlock,
  addBlockRef,
  canMoveBy,
  deleteBlock,
  duplicateBlock,
  findBlock,
  findColumn,
  insertBlock,
  moveBlock,
  moveBlockBy,
  setColumnLayout,
  updateBlock,
  updatePreheader,
  updateStyles,
} from './document'
import { createBlock, documentIds, emptyDocument, PALETTE_TYPES } from './new-blocks'

/** heading-1, columns-1 (column-1: text-1; column-2: empty), button-1 */
function sample(): VisualDocument {
  let document = emptyDocument()
  for (const type of ['heading', 'columns', 'button'] as const) {
    document = insertBlock(document, createBlock(type, documentIds(document)), {
      columnId: null,
      index: document.blocks.length,
    })
  }
  return insertBlock(document, createBlock('text', documentIds(document)), { columnId: 'column-1', index: 0 })
}

const topIds = (document: VisualDocument) => document.blocks.map((block) => block.id)
const columnIds = (document: VisualDocument, columnId: string) =>
  findColumn(document, columnId)?.column.blocks.map((block) => block.id)

function valid(document: VisualDocument) {
  expect(parseVisualDocument(visualDocumentSource(document))).toEqual({ ok: true, document })
}

describe('block factories', () => {
  it.each(PALETTE_TYPES)('a new %s block is valid in a document', (type) => {
    const document = insertBlock(emptyDocument(), createBlock(type, new Set()), { columnId: null, index: 0 })
    valid(document)
  })

  it('gives readable ids unique in the document, columns included', () => {
    const document = sample()
    expect(topIds(document)).toEqual(['heading-1', 'columns-1', 'button-1'])
    expect(findColumn(document, 'column-2')?.column.blocks).toEqual([])
    expect(createBlock('heading', documentIds(document)).id).toBe('heading-2')
    valid(document)
  })
})

describe('find', () => {
  it('finds top-level blocks and blocks in columns with their location', () => {
    const document = sample()
    expect(findBlock(document, 'button-1')?.location).toEqual({ columnId: null, index: 2 })
    expect(findBlock(document, 'text-1')).toMatchObject({
      location: { columnId: 'column-1', index: 0 },
      parentId: 'columns-1',
    })
    expect(findBlock(document, 'nope')).toBeUndefined()
  })
})

describe('insert', () => {
  it('inserts at the top level or into a column, clamping the index', () => {
    const document = sample()
    const divider = createBlock('divider', documentIds(document))
    expect(topIds(insertBlock(document, divider, { columnId: null, index: 1 }))).toEqual([
      'heading-1',
      'divider-1',
      'columns-1',
      'button-1',
    ])
    expect(columnIds(insertBlock(document, divider, { columnId: 'column-2', index: 9 }), 'column-2')).toEqual(
      ['divider-1'],
    )
  })

  it('refuses columns and reusable blocks inside a column, and unknown columns', () => {
    const document = sample()
    const row = createBlock('columns', documentIds(document))
    expect(insertBlock(document, row, { columnId: 'column-1', index: 0 })).toBe(document)
    const ref = { type: 'blockRef', id: 'ref-1', blockId: '01HZX3K5V6W7X8Y9Z0ABCDEFGH' } as const
    expect(insertBlock(document, ref, { columnId: 'column-1', index: 0 })).toBe(document)
    expect(insertBlock(document, createBlock('spacer', new Set()), { columnId: 'nope', index: 0 })).toBe(
      document,
    )
  })
})

describe('reusable blocks', () => {
  const blockId = '01HZX3K5V6W7X8Y9Z0ABCDEFGH'

  it('adds a reference after the selected top-level block, with a fresh id', () => {
    const document = sample()
    const { document: next, id } = addBlockRef(document, blockId, 'heading-1')
    expect(topIds(next)).toEqual(['heading-1', id, 'columns-1', 'button-1'])
    expect(findBlock(next, id)?.block).toEqual({ type: 'blockRef', id, blockId })
    expect(parseVisualDocument(visualDocumentSource(next)).ok).toBe(true)
  })

  it('puts a reference selected from inside a column after that columns row, never in the column', () => {
    const document = sample()
    const inner = findColumn(document, 'column-1')?.column.blocks[0]?.id as string
    const { document: next, id } = addBlockRef(document, blockId, inner)
    expect(topIds(next)).toEqual(['heading-1', 'columns-1', id, 'button-1'])
  })
})

describe('move', () => {
  it('reorders within the top level (index counted without the block)', () => {
    const document = sample()
    expect(topIds(moveBlock(document, 'button-1', { columnId: null, index: 0 }))).toEqual([
      'button-1',
      'heading-1',
      'columns-1',
    ])
    expect(topIds(moveBlock(document, 'heading-1', { columnId: null, index: 2 }))).toEqual([
      'columns-1',
      'button-1',
      'heading-1',
    ])
  })

  it('moves between the top level and columns, and between columns', () => {
    let document = moveBlock(sample(), 'button-1', { columnId: 'column-2', index: 0 })
    expect(topIds(document)).toEqual(['heading-1', 'columns-1'])
    expect(columnIds(document, 'column-2')).toEqual(['button-1'])
    document = moveBlock(document, 'text-1', { columnId: 'column-2', index: 1 })
    expect(columnIds(document, 'column-1')).toEqual([])
    expect(columnIds(document, 'column-2')).toEqual(['button-1', 'text-1'])
    document = moveBlock(document, 'text-1', { columnId: null, index: 0 })
    expect(topIds(document)).toEqual(['text-1', 'heading-1', 'columns-1'])
    valid(document)
  })

  it('keeps columns out of columns (itself included)', () => {
    const document = sample()
    expect(moveBlock(document, 'columns-1', { columnId: 'column-1', index: 0 })).toBe(document)
    expect(moveBlock(document, 'nope', { columnId: null, index: 0 })).toBe(document)
  })

  it('steps up and down, out of a column at its edges', () => {
    const document = sample()
    expect(topIds(moveBlockBy(document, 'heading-1', 1))).toEqual(['columns-1', 'heading-1', 'button-1'])
    expect(moveBlockBy(document, 'heading-1', -1)).toBe(document)
    expect(canMoveBy(document, 'heading-1', -1)).toBe(false)
    expect(canMoveBy(document, 'button-1', 1)).toBe(false)
    expect(topIds(moveBlockBy(document, 'text-1', -1))).toEqual([
      'heading-1',
      'text-1',
      'columns-1',
      'button-1',
    ])
    expect(topIds(moveBlockBy(document, 'text-1', 1))).toEqual([
      'heading-1',
      'columns-1',
      'text-1',
      'button-1',
    ])
  })
})

describe('duplicate', () => {
  it('places a deep copy with fresh ids right after the original', () => {
    const result = duplicateBlock(sample(), 'columns-1')
    expect(result.id).toBe('columns-2')
    expect(topIds(result.document)).toEqual(['heading-1', 'columns-1', 'columns-2', 'button-1'])
    const copy = findBlock(result.document, 'columns-2')?.block
    expect(copy?.type === 'columns' && copy.columns.map((item) => item.id)).toEqual(['column-3', 'column-4'])
    expect(columnIds(result.document, 'column-3')).toEqual(['text-2'])
    valid(result.document)
  })

  it('duplicates inside a column, and the copy is independent', () => {
    const document = sample()
    const result = duplicateBlock(document, 'text-1')
    expect(columnIds(result.document, 'column-1')).toEqual(['text-1', 'text-2'])
    const changed = updateBlock(result.document, 'text-2', { fontSize: 20 })
    expect(findBlock(changed, 'text-1')?.block).toEqual(findBlock(document, 'text-1')?.block)
    expect(duplicateBlock(document, 'nope')).toEqual({ document, id: undefined })
  })
})

describe('delete and update', () => {
  it('deletes at the top level and inside columns', () => {
    expect(topIds(deleteBlock(sample(), 'columns-1'))).toEqual(['heading-1', 'button-1'])
    expect(columnIds(deleteBlock(sample(), 'text-1'), 'column-1')).toEqual([])
  })

  it('updates one block’s props, wherever it is', () => {
    const document = updateBlock(sample(), 'text-1', { align: 'center' })
    expect(findBlock(document, 'text-1')?.block).toMatchObject({
      align: 'center',
      id: 'text-1',
      type: 'text',
    })
    expect(updateBlock(document, 'nope', { align: 'left' })).toBe(document)
  })

  it('updates document styles and the preheader', () => {
    const document = updatePreheader(updateStyles(sample(), { contentWidth: 640 }), 'Hi')
    expect(document.styles.contentWidth).toBe(640)
    expect(document.styles.fontFamily).toBe('system')
    expect(document.preheader).toBe('Hi')
  })
})

describe('column layout', () => {
  it('adds columns, and moves the blocks of removed ones into the last that stays', () => {
    let document = setColumnLayout(sample(), 'columns-1', [25, 50, 25])
    let row = findBlock(document, 'columns-1')?.block
    expect(row?.type === 'columns' && row.columns.map((item) => [item.id, item.width])).toEqual([
      ['column-1', 25],
      ['column-2', 50],
      ['column-3', 25],
    ])
    document = moveBlock(document, 'button-1', { columnId: 'column-3', index: 0 })
    document = setColumnLayout(document, 'columns-1', [100])
    row = findBlock(document, 'columns-1')?.block
    expect(
      row?.type === 'columns' && row.columns.map((item) => item.blocks.map((block) => block.id)),
    ).toEqual([['text-1', 'button-1']])
    valid(document)
  })
})

describe('palette insertion', () => {
  it('adds after the selection, at the end without one', () => {
    expect(topIds(addBlock(sample(), 'spacer', 'heading-1').document)).toEqual([
      'heading-1',
      'spacer-1',
      'columns-1',
      'button-1',
    ])
    expect(topIds(addBlock(sample(), 'spacer', null).document).at(-1)).toBe('spacer-1')
    expect(columnIds(addBlock(sample(), 'spacer', 'text-1').document, 'column-1')).toEqual([
      'text-1',
      'spacer-1',
    ])
  })

  it('puts a columns block after the row when the selection is inside a column', () => {
    const result = addBlock(sample(), 'columns', 'text-1')
    expect(topIds(result.document)).toEqual(['heading-1', 'columns-1', 'columns-2', 'button-1'])
  })
})

describe('names', () => {
  it('names blocks by type and a text excerpt', () => {
    const document = sample()
    expect(blockName(findBlock(document, 'heading-1')?.block as never)).toBe(
      'Heading block: A clear headline',
    )
    expect(blockName(findBlock(document, 'columns-1')?.block as never)).toBe('Columns block: 2 columns')
  })
})
