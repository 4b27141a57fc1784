import { type Paragraph, type TextRun, UrlSchema } from '@app/contracts'

/**
 * A text block's paragraphs ⇄ the JSON of the Tiptap editor that edits them (Document, Paragraph, Text, Bold,
 * Italic, Link, HardBreak). Runs with the same marks merge, empty text disappears, and a link whose address the
 * schema refuses stays plain text.
 */

export interface TiptapMark {
  type: string
  attrs?: Record<string, unknown> | undefined
}

export interface TiptapNode {
  type: string
  text?: string | undefined
  marks?: TiptapMark[] | undefined
  attrs?: Record<string, unknown> | undefined
  content?: TiptapNode[] | undefined
}

type TextRunOf = Extract<TextRun, { type: 'text' }>

function marksOf(run: TextRunOf): TiptapMark[] {
  const marks: TiptapMark[] = []
  if (run.bold) marks.push({ type: 'bold' })
  if (run.italic) marks.push({ type: 'italic' })
  if (run.href !== null) marks.push({ type: 'link', attrs: { href: run.href } })
  return marks
}

export function paragraphsToTiptap(paragraphs: readonly Paragraph[]): TiptapNode {
  return {
    type: 'doc',
    content: paragraphs.map((paragraph) => {
      const content = paragraph.runs.map((run): TiptapNode => {
        if (run.type === 'break') return { type: 'hardBreak' }
        const marks = marksOf(run)
        return marks.length > 0 ? { type: 'text', text: run.text, marks } : { type: 'text', text: run.text }
      })
      return content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' }
    }),
  }
}

function hrefOf(marks: readonly TiptapMark[] | undefined): string | null {
  const link = marks?.find((mark) => mark.type === 'link')
  const href = link?.attrs?.href
  if (typeof href !== 'string') return null
  const checked = UrlSchema.safeParse(href)
  return checked.success && checked.data !== '' ? checked.data : null
}

function runsOf(node: TiptapNode): TextRun[] {
  const runs: TextRun[] = []
  for (const child of node.content ?? []) {
    if (child.type === 'hardBreak') {
      runs.push({ type: 'break' })
      continue
    }
    if (child.type !== 'text' || !child.text) continue
    const run: TextRunOf = {
      type: 'text',
      text: child.text,
      bold: child.marks?.some((mark) => mark.type === 'bold') ?? false,
      italic: child.marks?.some((mark) => mark.type === 'italic') ?? false,
      href: hrefOf(child.marks),
    }
    const previous = runs[runs.length - 1]
    if (
      previous?.type === 'text' &&
      previous.bold === run.bold &&
      previous.italic === run.italic &&
      previous.href === run.href
    ) {
      previous.text += run.text
    } else {
      runs.push(run)
    }
  }
  return runs
}

/** Always at least one paragraph (the schema's minimum): an emptied block keeps one empty paragraph. */
export function tiptapToParagraphs(doc: TiptapNode): Paragraph[] {
  const paragraphs = (doc.content ?? [])
    .filter((node) => node.type === 'paragraph')
    .map((node) => ({ runs: runsOf(node) }))
  return paragraphs.length > 0 ? paragraphs : [{ runs: [] }]
}

export function sameParagraphs(a: readonly Paragraph[], b: readonly Paragraph[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
