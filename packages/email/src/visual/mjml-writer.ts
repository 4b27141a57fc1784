/** Writing MJML text: escaping, attributes, and a line writer that remembers which lines each block produced. */
import type { Padding } from '@app/contracts'

/** The MJML lines (1-based, inclusive) one block produced; inner blocks are listed too, innermost wins. */
export type BlockLines = { blockId: string; startLine: number; endLine: number }

/** Text content: `&`, `<` and `>` only, so `{{variables}}` and Handlebars blocks (`{{#if a "b"}}`) survive. */
export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;')
}

export const px = (value: number) => `${value}px`
export const padding = ({ top, right, bottom, left }: Padding) => `${top}px ${right}px ${bottom}px ${left}px`
export const percent = (value: number) => `${Number(value.toFixed(2))}%`

export function attributes(values: Record<string, string | number | null | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('')
}

/** Collects MJML lines and where each block's lines are. */
export class Writer {
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

/** The innermost block whose MJML holds `line`, if any. */
export function blockAtLine(blockLines: readonly BlockLines[], line: number): string | undefined {
  let found: BlockLines | undefined
  for (const entry of blockLines) {
    if (line < entry.startLine || line > entry.endLine) continue
    if (!found || entry.endLine - entry.startLine <= found.endLine - found.startLine) found = entry
  }
  return found?.blockId
}
