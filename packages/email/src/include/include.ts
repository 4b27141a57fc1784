import { BLOCK_INCLUDE_PATTERN } from '@app/contracts'

export type IncludeEditorType = 'HTML' | 'MJML' | 'VISUAL'

/** A reusable block an include tag names: its editor type and source, or undefined when there is none. */
export type ResolveInclude = (
  blockId: string,
) => { editorType: IncludeEditorType; source: string } | undefined

/** The lines of the expanded markup one include tag produced, and the source line the tag is on. */
export type IncludeLines = { blockId: string; line: number; startLine: number; endLine: number }

export type IncludeError = { line: number; column: number; message: string; include: string }

export type ExpandedIncludes = { markup: string; includeLines: IncludeLines[]; errors: IncludeError[] }

const linesIn = (text: string) => text.split('\n').length - 1

/**
 * Replaces every `<!-- block:<id> -->` of an MJML or HTML source with that block's source. A block that does not
 * resolve, is of another editor type or itself includes a block is an error at the tag's line; the tag then
 * stays as it is (a harmless comment). Blocks do not nest.
 */
export function expandIncludes(
  editorType: IncludeEditorType,
  source: string,
  resolveInclude: ResolveInclude | undefined,
): ExpandedIncludes {
  const errors: IncludeError[] = []
  const includeLines: IncludeLines[] = []
  let markup = ''
  let last = 0
  let added = 0
  for (const match of source.matchAll(BLOCK_INCLUDE_PATTERN)) {
    const blockId = match[1] as string
    const before = source.slice(0, match.index)
    const line = linesIn(before) + 1
    const column = match.index - before.lastIndexOf('\n')
    const fail = (message: string) => errors.push({ line, column, message, include: blockId })
    markup += source.slice(last, match.index)
    last = match.index + match[0].length
    const block = resolveInclude?.(blockId)
    if (!block) {
      fail(`The reusable block ${blockId} does not exist or was deleted.`)
      markup += match[0]
      continue
    }
    if (block.editorType !== editorType) {
      fail(
        `The reusable block ${blockId} is a ${block.editorType} block; a ${editorType} template includes only ${editorType} blocks.`,
      )
      markup += match[0]
      continue
    }
    if ([...block.source.matchAll(BLOCK_INCLUDE_PATTERN)].length > 0) {
      fail(`The reusable block ${blockId} includes another reusable block, which cannot be composed in.`)
      markup += match[0]
      continue
    }
    const startLine = line + added
    includeLines.push({ blockId, line, startLine, endLine: startLine + linesIn(block.source) })
    added += linesIn(block.source)
    markup += block.source
  }
  markup += source.slice(last)
  return { markup, includeLines, errors }
}

/**
 * A line of the expanded markup as a line of the source the author edits: inside an included block, the line of
 * its include tag; after one, shifted back by the lines the blocks added.
 */
export function sourceLineOf(includeLines: readonly IncludeLines[], markupLine: number): number {
  let shift = 0
  for (const entry of includeLines) {
    if (markupLine < entry.startLine) break
    if (markupLine <= entry.endLine) return entry.line
    shift += entry.endLine - entry.startLine
  }
  return markupLine - shift
}
