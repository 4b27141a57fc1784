import type { VisualBlock, VisualBlockType } from '@app/contracts'

/** What the editor calls blocks: type labels, and each block's name from its content (accessible names, toasts). */

export const BLOCK_LABELS: Record<VisualBlockType, string> = {
  heading: 'Heading',
  text: 'Text',
  button: 'Button',
  image: 'Image',
  divider: 'Divider',
  spacer: 'Spacer',
  columns: 'Columns',
  social: 'Social links',
  html: 'Raw HTML',
  blockRef: 'Reusable block',
}

/** The text of a block, for its accessible name and the canvas: a heading's words, a paragraph's start. */
export function blockExcerpt(block: VisualBlock, length = 40): string {
  let text = ''
  switch (block.type) {
    case 'heading':
    case 'button':
      text = block.text
      break
    case 'text':
      text = block.paragraphs
        .map((paragraph) => paragraph.runs.map((run) => (run.type === 'text' ? run.text : ' ')).join(''))
        .join(' ')
      break
    case 'image':
      text = block.alt
      break
    case 'html':
      text = block.html.replace(/<[^>]*>/g, ' ')
      break
    case 'social':
      text = block.links.map((link) => link.network).join(', ')
      break
    case 'columns':
      text = `${block.columns.length} ${block.columns.length === 1 ? 'column' : 'columns'}`
      break
    case 'spacer':
      text = `${block.height}px`
      break
    default:
      text = ''
  }
  const clean = text.replace(/\s+/g, ' ').trim()
  return clean.length > length ? `${clean.slice(0, length - 1)}…` : clean
}

/** "Heading block", "Reusable block": a block type as a noun. */
export function blockTypeName(type: VisualBlockType): string {
  return type === 'blockRef' ? BLOCK_LABELS.blockRef : `${BLOCK_LABELS[type]} block`
}

/** "Heading block: Welcome aboard", the canvas block's accessible name. */
export function blockName(block: VisualBlock): string {
  const excerpt = blockExcerpt(block)
  return excerpt ? `${blockTypeName(block.type)}: ${excerpt}` : blockTypeName(block.type)
}
