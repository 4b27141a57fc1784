import { FONT_STACKS, type VisualDocument } from '@app/contracts'
import { attributes, escapeText, type Writer } from './mjml-writer'

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

/** The dark-mode class of a section: the page's or the content's when it has their background. */
export function sectionClass(document: VisualDocument, backgroundColor: string | null): string | null {
  if (!document.styles.darkMode) return null
  if (backgroundColor === null || backgroundColor === document.styles.contentBackgroundColor) return 'content'
  if (backgroundColor === document.styles.backgroundColor) return 'page'
  return null
}

export function writeHead(writer: Writer, document: VisualDocument) {
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
