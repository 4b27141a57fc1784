import {
  type Column,
  type ContentBlock,
  FONT_STACKS,
  type Padding,
  type Paragraph,
  type TextRun,
  type VisualBlock,
  type VisualDocument,
} from '@app/contracts'

/** The reusable blocks of the organization, by id; undefined when there is no such block (any more). */
export type ResolveBlock = (blockId: string) => VisualBlock[] | undefined

/** The MJML lines (1-based, inclusive) one block produced; inner blocks are listed too, innermost wins. */
export type BlockLines = { blockId: string; startLine: number; endLine: number }

export type VisualToMjmlOptions = { resolveBlock?: ResolveBlock }

export type VisualToMjmlResult = {
  mjml: string
  blockLines: BlockLines[]
  /** Blocks that could not be written (a reusable block that is gone); the rest of the document still is. */
  errors: { message: string; blockId: string }[]
}

/**
 * Dark colours for clients that honour `prefers-color-scheme: dark`: the document has no dark palette of its
 * own, so every VISUAL template gets the one the starters' MJML frame uses (`starters/layout.ts`).
 */
export const VISUAL_DARK_PALETTE = {
  page: '#0b1120',
  content: '#111827',
  text: '#e5e7eb',
  link: '#93c5fd',
  rule: '#374151',
} as const

const HEADING_SIZES = { 1: 28, 2: 22, 3: 18 } as const

/** Icons MJML 5 has; `-noshare` links to the profile itself rather than to the network's share dialog. */
const SOCIAL_ELEMENTS = {
  facebook: { name: 'facebook-noshare', label: 'Facebook' },
  x: { name: 'x-noshare', label: 'X' },
  instagram: { name: 'instagram-noshare', label: 'Instagram' },
  linkedin: { name: 'linkedin-noshare', label: 'LinkedIn' },
  youtube: { name: 'youtube-noshare', label: 'YouTube' },
  github: { name: 'github-noshare', label: 'GitHub' },
  pinterest: { name: 'pinterest-noshare', label: 'Pinterest' },
  // MJML 5.4 has no TikTok icon: its generic web icon, named in the alt and title text.
  tiktok: { name: 'web-noshare', label: 'TikTok' },
} as const

/** Text content: `&`, `<` and `>` only, so `{{variables}}` and Handlebars blocks (`{{#if a "b"}}`) survive. */
export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;')
}

const px = (value: number) => `${value}px`
const padding = ({ top, right, bottom, left }: Padding) => `${top}px ${right}px ${bottom}px ${left}px`
const percent = (value: number) => `${Number(value.toFixed(2))}%`

function attributes(values: Record<string, string | number | null | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('')
}

/** Collects MJML lines and where each block's lines are. */
class Writer {
  readonly lines: string[] = []
  readonly blockLines: BlockLines[] = []
  /** While set, blocks are recorded under this id (a reusable block's own ids are not the document's). */
  recordAs: string | null = null

  write(indent: number, text: string) {
    const pad = ' '.repeat(indent)
    for (const line of text.split('\n')) this.lines.push(line === '' ? '' : `${pad}${line}`)
  }

  /** Writes what `emit` writes and records it as the block's lines (nothing when it wrote nothing). */
  block(blockId: string, emit: () => void) {
    const startLine = this.lines.length + 1
    emit()
    const endLine = this.lines.length
    if (endLine < startLine) return
    const id = this.recordAs ?? blockId
    const previous = this.blockLines.find((entry) => entry.blockId === id)
    if (!previous) this.blockLines.push({ blockId: id, startLine, endLine })
    else if (this.recordAs) {
      previous.startLine = Math.min(previous.startLine, startLine)
      previous.endLine = Math.max(previous.endLine, endLine)
    }
  }
}

function runHtml(run: TextRun, linkColor: string): string {
  if (run.type === 'break') return '<br />'
  let html = escapeText(run.text)
  if (run.italic) html = `<em>${html}</em>`
  if (run.bold) html = `<strong>${html}</strong>`
  if (run.href !== null) html = `<a${attributes({ href: run.href, style: `color:${linkColor}` })}>${html}</a>`
  return html
}

function paragraphHtml(paragraph: Paragraph, marginBottom: number, linkColor: string): string {
  const content = paragraph.runs.map((run) => runHtml(run, linkColor)).join('') || '&nbsp;'
  return `<p style="margin:${marginBottom ? `0 0 ${marginBottom}px` : '0'}">${content}</p>`
}

/**
 * `onDark`: the block's section turns dark in dark mode (it has the page's or the content's background), so its
 * text turns light whatever its colour; on a background of its own (a coloured band) text keeps its colour.
 */
function writeContent(
  writer: Writer,
  indent: number,
  block: ContentBlock,
  document: VisualDocument,
  onDark: boolean,
) {
  const { styles } = document
  const textClass = onDark ? 'text' : null
  switch (block.type) {
    case 'heading': {
      const size = block.fontSize ?? HEADING_SIZES[block.level]
      const tag = `h${block.level}`
      const style = `margin:0;font-size:${size}px;line-height:1.3;font-weight:700`
      writer.write(
        indent,
        `<mj-text${attributes({ align: block.align, color: block.color, padding: padding(block.padding), 'css-class': textClass })}><${tag} style="${style}">${escapeText(block.text)}</${tag}></mj-text>`,
      )
      return
    }
    case 'text': {
      writer.write(
        indent,
        `<mj-text${attributes({
          align: block.align,
          color: block.color,
          'font-size': px(block.fontSize),
          'line-height': String(block.lineHeight),
          padding: padding(block.padding),
          'css-class': textClass,
        })}>`,
      )
      block.paragraphs.forEach((paragraph, index) => {
        const last = index === block.paragraphs.length - 1
        writer.write(indent + 2, paragraphHtml(paragraph, last ? 0 : block.fontSize, styles.linkColor))
      })
      writer.write(indent, '</mj-text>')
      return
    }
    case 'button':
      writer.write(
        indent,
        `<mj-button${attributes({
          href: block.href,
          'background-color': block.backgroundColor,
          color: block.textColor,
          'font-size': px(block.fontSize),
          'font-weight': '600',
          'border-radius': px(block.borderRadius),
          align: block.align,
          'inner-padding': '12px 24px',
          padding: padding(block.padding),
          width: block.fullWidth ? '100%' : null,
        })}>${escapeText(block.text)}</mj-button>`,
      )
      return
    case 'image':
      writer.write(
        indent,
        `<mj-image${attributes({
          src: block.src,
          alt: block.alt,
          width: block.width === null ? null : px(block.width),
          href: block.href,
          align: block.align,
          padding: padding(block.padding),
        })} />`,
      )
      return
    case 'divider':
      writer.write(
        indent,
        `<mj-divider${attributes({
          'border-color': block.color,
          'border-width': px(block.thickness),
          'border-style': block.style,
          padding: padding(block.padding),
        })} />`,
      )
      return
    case 'spacer':
      writer.write(indent, `<mj-spacer${attributes({ height: px(block.height) })} />`)
      return
    case 'social':
      writer.write(
        indent,
        `<mj-social${attributes({ align: block.align, 'icon-size': px(block.iconSize), mode: 'horizontal', padding: padding(block.padding) })}>`,
      )
      for (const link of block.links) {
        const element = SOCIAL_ELEMENTS[link.network]
        writer.write(
          indent + 2,
          `<mj-social-element${attributes({ name: element.name, href: link.href, alt: element.label, title: element.label })}></mj-social-element>`,
        )
      }
      writer.write(indent, '</mj-social>')
      return
    case 'html':
      writer.write(
        indent,
        `<mj-text${attributes({ padding: padding(block.padding), 'css-class': textClass })}>`,
      )
      writer.lines.push(...block.html.split('\n'))
      writer.write(indent, '</mj-text>')
      return
  }
}

/** The dark-mode class of a section: the page's or the content's when it has their background. */
function sectionClass(document: VisualDocument, backgroundColor: string | null): string | null {
  if (!document.styles.darkMode) return null
  if (backgroundColor === null || backgroundColor === document.styles.contentBackgroundColor) return 'content'
  if (backgroundColor === document.styles.backgroundColor) return 'page'
  return null
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

function writeHead(writer: Writer, document: VisualDocument) {
  const { styles } = document
  writer.write(2, '<mj-head>')
  writer.write(4, `<mj-preview>${escapeText(document.preheader)}</mj-preview>`)
  if (styles.darkMode) {
    writer.write(
      4,
      `<mj-raw>
  <meta name="color-scheme" content="light dark">
  <meta name="supported-color-schemes" content="light dark">
</mj-raw>`,
    )
  }
  writer.write(
    4,
    `<mj-attributes>
  <mj-all${attributes({ 'font-family': FONT_STACKS[styles.fontFamily] })} />
  <mj-text${attributes({ color: styles.textColor })} />
</mj-attributes>`,
  )
  const dark = VISUAL_DARK_PALETTE
  writer.write(
    4,
    styles.darkMode
      ? `<mj-style>
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  a { color: ${styles.linkColor}; }
  @media (prefers-color-scheme: dark) {
    body, .page, .page > table { background: ${dark.page} !important; }
    .content, .content > table { background: ${dark.content} !important; }
    .text div, .text h1, .text h2, .text h3, .text p, .text td { color: ${dark.text} !important; }
    .text a { color: ${dark.link} !important; }
    .content p[role='separator'] { border-color: ${dark.rule} !important; }
  }
</mj-style>`
      : `<mj-style>
  a { color: ${styles.linkColor}; }
</mj-style>`,
  )
  writer.write(2, '</mj-head>')
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

/** The innermost block whose MJML holds `line`, if any. */
export function blockAtLine(blockLines: readonly BlockLines[], line: number): string | undefined {
  let found: BlockLines | undefined
  for (const entry of blockLines) {
    if (line < entry.startLine || line > entry.endLine) continue
    if (!found || entry.endLine - entry.startLine <= found.endLine - found.startLine) found = entry
  }
  return found?.blockId
}
