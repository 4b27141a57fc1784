import {
  type Column,
  type ContentBlock,
  type DocumentStyles,
  type Padding,
  VISUAL_DOCUMENT_VERSION,
  type VisualBlock,
  type VisualBlockType,
  type VisualDocument,
  visualBlockIds,
} from '@app/contracts'

/**
 * New blocks and documents: the palette's types, the default style, fresh readable ids (`button-2`) and each
 * type's starting content.
 */

/** The block types the palette offers (reusable blocks arrive with their own picker). */
export const PALETTE_TYPES = [
  'heading',
  'text',
  'button',
  'image',
  'divider',
  'spacer',
  'columns',
  'social',
  'html',
] as const satisfies readonly VisualBlockType[]
export type PaletteType = (typeof PALETTE_TYPES)[number]

export const DEFAULT_STYLES: DocumentStyles = {
  backgroundColor: '#f3f4f6',
  contentBackgroundColor: '#ffffff',
  contentWidth: 600,
  fontFamily: 'system',
  textColor: '#1f2937',
  linkColor: '#4f46e5',
  darkMode: true,
}

export function emptyDocument(): VisualDocument {
  return { version: VISUAL_DOCUMENT_VERSION, preheader: '', styles: { ...DEFAULT_STYLES }, blocks: [] }
}

export function padding(vertical: number, horizontal = vertical): Padding {
  return { top: vertical, right: horizontal, bottom: vertical, left: horizontal }
}

/** Every id in the document: blocks, columns and the blocks inside them. */
export function documentIds(document: VisualDocument): Set<string> {
  return new Set(visualBlockIds(document.blocks))
}

/** `prefix-n` with the smallest n not taken; the new id is added to `taken`. */
export function freshId(prefix: string, taken: Set<string>): string {
  let n = 1
  while (taken.has(`${prefix}-${n}`)) n += 1
  const id = `${prefix}-${n}`
  taken.add(id)
  return id
}

export const ID_PREFIXES: Record<VisualBlockType, string> = {
  heading: 'heading',
  text: 'text',
  button: 'button',
  image: 'image',
  divider: 'divider',
  spacer: 'spacer',
  columns: 'columns',
  social: 'social',
  html: 'html',
  blockRef: 'ref',
}

/** Column width presets per column count, in percent. */
export const COLUMN_PRESETS: Record<1 | 2 | 3, readonly (readonly number[])[]> = {
  1: [[100]],
  2: [
    [50, 50],
    [33.33, 66.67],
    [66.67, 33.33],
    [25, 75],
    [75, 25],
  ],
  3: [
    [33.33, 33.34, 33.33],
    [25, 50, 25],
    [50, 25, 25],
    [25, 25, 50],
  ],
}

export function column(taken: Set<string>, width: number, blocks: ContentBlock[] = []): Column {
  return { id: freshId('column', taken), width, blocks }
}

/** A new block with defaults that look finished in the canvas and the email. */
export function createBlock(type: PaletteType, taken: Set<string>): VisualBlock {
  const id = freshId(ID_PREFIXES[type], taken)
  switch (type) {
    case 'heading':
      return {
        type,
        id,
        text: 'A clear headline',
        level: 2,
        align: 'left',
        color: null,
        fontSize: null,
        padding: padding(12, 24),
      }
    case 'text':
      return {
        type,
        id,
        paragraphs: [
          {
            runs: [
              {
                type: 'text',
                text: 'Write a few friendly sentences here. Select words to make them bold, italic or a link.',
                bold: false,
                italic: false,
                href: null,
              },
            ],
          },
        ],
        align: 'left',
        color: null,
        fontSize: 16,
        lineHeight: 1.6,
        padding: padding(8, 24),
      }
    case 'button':
      return {
        type,
        id,
        text: 'Get started',
        href: 'https://example.com',
        align: 'center',
        backgroundColor: '#4f46e5',
        textColor: '#ffffff',
        fontSize: 16,
        borderRadius: 6,
        fullWidth: false,
        padding: padding(16, 24),
      }
    case 'image':
      return {
        type,
        id,
        src: 'https://placehold.co/600x300/png',
        alt: 'Describe the image',
        width: null,
        href: null,
        align: 'center',
        padding: padding(8, 24),
      }
    case 'divider':
      return { type, id, color: '#e5e7eb', thickness: 1, style: 'solid', padding: padding(16, 24) }
    case 'spacer':
      return { type, id, height: 24 }
    case 'columns':
      return {
        type,
        id,
        columns: [column(taken, 50), column(taken, 50)],
        backgroundColor: null,
        padding: padding(8, 12),
      }
    case 'social':
      return {
        type,
        id,
        links: [
          { network: 'facebook', href: 'https://facebook.com/' },
          { network: 'x', href: 'https://x.com/' },
          { network: 'instagram', href: 'https://instagram.com/' },
        ],
        align: 'center',
        iconSize: 24,
        padding: padding(16, 24),
      }
    case 'html':
      return {
        type,
        id,
        html: '<p style="margin: 0;">Your own HTML</p>',
        padding: padding(8, 24),
      }
  }
}

/** A reference to one of the organization's reusable blocks (VISUAL blocks), composed in when it compiles. */
export function createBlockRef(blockId: string, taken: Set<string>): VisualBlock {
  return { type: 'blockRef', id: freshId(ID_PREFIXES.blockRef, taken), blockId }
}
