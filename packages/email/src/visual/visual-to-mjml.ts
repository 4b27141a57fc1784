import type { Column, ContentBlock, VisualBlock, VisualDocument } from '@app/contracts'
import { writeContent } from './content-blocks'
import { sectionClass, writeHead } from './document-head'
import { attributes, type BlockLines, padding, percent, px, Writer } from './mjml-writer'

export { VISUAL_DARK_PALETTE } from './document-head'
export { type BlockLines, blockAtLine } from './mjml-writer'

/** The reusable blocks of the organization, by id; undefined when there is no such block (any more). */
export type ResolveBlock = (blockId: string) => VisualBlock[] | undefined

export type VisualToMjmlOptions = { resolveBlock?: ResolveBlock }

export type VisualToMjmlResult = {
  mjml: string
  blockLines: BlockLines[]
  /** Blocks that could not be written (a reusable block that is gone); the rest of the document still is. */
  errors: { message: string; blockId: string }[]
}

function writeColumn(writer: Writer, column: Column, document: VisualDocument, onDark: boolean) {
  writer.block(column.id, () => {
    writer.write(6, `<mj-column${attributes({ width: percent(column.width) })}>`)
    for (const inner of column.blocks) {
      writer.block(inner.id, () => writeContent(writer, 8, inner, document, onDark))
    }
    writer.write(6, '</mj-column>')
  })
}

function writeColumns(
  writer: Writer,
  columns: Extract<VisualBlock, { type: 'columns' }>,
  refId: string | undefined,
  document: VisualDocument,
) {
  writer.recordAs = refId ?? null
  const dark = sectionClass(document, columns.backgroundColor)
  writer.block(columns.id, () => {
    writer.write(
      4,
      `<mj-section${attributes({
        'background-color': columns.backgroundColor ?? document.styles.contentBackgroundColor,
        padding: padding(columns.padding),
        'css-class': dark,
      })}>`,
    )
    for (const column of columns.columns) writeColumn(writer, column, document, dark !== null)
    writer.write(4, '</mj-section>')
  })
  writer.recordAs = null
}

/** A top-level block as written: a document block, or one from the reusable block (`refId`) it stands for. */
type Placed = { block: VisualBlock; refId?: string }

function place(
  document: VisualDocument,
  resolveBlock: ResolveBlock | undefined,
  errors: VisualToMjmlResult['errors'],
): Placed[] {
  const placed: Placed[] = []
  for (const block of document.blocks) {
    if (block.type !== 'blockRef') {
      placed.push({ block })
      continue
    }
    const fragment = resolveBlock?.(block.blockId)
    if (!fragment) {
      errors.push({
        message: `The reusable block ${block.blockId} does not exist or was deleted.`,
        blockId: block.id,
      })
      continue
    }
    if (fragment.some((inner) => inner.type === 'blockRef')) {
      errors.push({
        message: `The reusable block ${block.blockId} holds another reusable block, which cannot be composed in.`,
        blockId: block.id,
      })
      continue
    }
    for (const inner of fragment) placed.push({ block: inner, refId: block.id })
  }
  return placed
}

/**
 * A VISUAL document as MJML, for the same compile as an MJML template: consecutive blocks share one section on
 * the content background, a `columns` block is a section of its own, and reusable blocks are written as if
 * they stood in the document. Text is escaped for HTML but keeps `{{variables}}`; raw HTML blocks stay as written.
 */
export function visualToMjml(
  document: VisualDocument,
  options: VisualToMjmlOptions = {},
): VisualToMjmlResult {
  const { styles } = document
  const writer = new Writer()
  const errors: VisualToMjmlResult['errors'] = []
  const placed = place(document, options.resolveBlock, errors)

  writer.write(0, '<mjml lang="en">')
  writeHead(writer, document)
  writer.write(
    2,
    `<mj-body${attributes({ 'background-color': styles.backgroundColor, width: px(styles.contentWidth), 'css-class': styles.darkMode ? 'page' : null })}>`,
  )
  let index = 0
  while (index < placed.length) {
    const first = placed[index] as Placed
    if (first.block.type === 'columns') {
      writeColumns(writer, first.block, first.refId, document)
      index += 1
      continue
    }
    writer.write(
      4,
      `<mj-section${attributes({ 'background-color': styles.contentBackgroundColor, padding: '0', 'css-class': sectionClass(document, null) })}>`,
    )
    writer.write(6, '<mj-column>')
    for (; index < placed.length; index += 1) {
      const item = placed[index] as Placed
      if (item.block.type === 'columns') break
      const block = item.block as ContentBlock
      writer.recordAs = item.refId ?? null
      writer.block(block.id, () => writeContent(writer, 8, block, document, styles.darkMode))
      writer.recordAs = null
    }
    writer.write(6, '</mj-column>')
    writer.write(4, '</mj-section>')
  }
  writer.write(2, '</mj-body>')
  writer.write(0, '</mjml>')
  const blockLines = [...writer.blockLines].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine)
  return { mjml: `${writer.lines.join('\n')}\n`, blockLines, errors }
}
