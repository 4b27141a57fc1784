import { parseVisualDocument } from '@app/contracts'
import { expandIncludes, type IncludeLines, type ResolveInclude, sourceLineOf } from '../include/include'
import { type BlockLines, blockAtLine, type ResolveBlock, visualToMjml } from '../visual/visual-to-mjml'

export const EDITOR_TYPES = ['HTML', 'MJML', 'VISUAL'] as const
export type EditorType = (typeof EDITOR_TYPES)[number]

export type CompileInput = {
  editorType: EditorType
  source: string
  /** VISUAL: the organization's reusable blocks; without it every block reference is reported unresolved. */
  resolveBlock?: ResolveBlock
  /**
   * MJML and HTML: the organization's reusable blocks, for the include tags (`<!-- block:<id> -->`); without it
   * every include tag is reported unresolved.
   */
  resolveInclude?: ResolveInclude
}
/**
 * `line` is in `markup`, except for MJML and HTML templates with include tags, where it is in the source (a line
 * inside an included block is its tag's line). VISUAL: `blockId` is the block the line belongs to; problems of
 * the document itself (it is not JSON, does not match the schema, refers to a missing reusable block) carry
 * `path` (and line 1). An include tag that cannot be composed in carries `include`, the block id it names.
 */
export type CompileError = {
  line: number
  column?: number
  message: string
  path?: string
  blockId?: string
  include?: string
}
export type CompileResult = {
  html: string
  /** What the HTML was compiled from: the HTML source, the MJML source, or the MJML written from the document. */
  markup: string
  errors: CompileError[]
  /** VISUAL: the lines of `markup` each block produced. */
  blockLines?: BlockLines[]
  /** MJML and HTML with include tags: the lines of `markup` each included block produced. */
  includeLines?: IncludeLines[]
}

export type MjmlOptions = {
  validationLevel: 'soft'
  fonts: Record<string, string>
  keepComments: boolean
  ignoreIncludes: boolean
  minify: boolean
  beautify: boolean
}
type MjmlOutput = { html: string; errors: { line: number; message: string }[] }
/** `mjml` (Node) and `mjml-browser` share this signature. */
export type MjmlRenderer = (source: string, options: MjmlOptions) => Promise<MjmlOutput> | MjmlOutput

/**
 * The same options on server and browser, so both give the same HTML:
 * - `soft` validation: the HTML is produced even when the MJML has errors (the preview keeps working while the
 *   errors are listed, and the linter turns them into blocking errors);
 * - no `mj-include` (on a server it would read files);
 * - no web-font imports, so no template loads Google Fonts unless its author adds `mj-font`.
 */
export const MJML_OPTIONS: MjmlOptions = {
  validationLevel: 'soft',
  fonts: {},
  keepComments: true,
  ignoreIncludes: true,
  minify: false,
  beautify: false,
}

export type TemplateCompiler = (input: CompileInput) => Promise<CompileResult>

async function compileMjml(load: () => Promise<MjmlRenderer>, source: string) {
  const render = await load()
  try {
    const output = await render(source, MJML_OPTIONS)
    return {
      html: output.html,
      errors: output.errors.map((error): CompileError => ({ line: error.line, message: error.message })),
    }
  } catch (error) {
    return {
      html: '',
      errors: [{ line: 1, message: error instanceof Error ? error.message : String(error) }],
    }
  }
}

/**
 * HTML passes through unchanged; MJML goes through the given renderer; a VISUAL document is read, written as
 * MJML (`visualToMjml`) and compiled as MJML, its MJML errors mapped to the block whose lines they are on.
 */
export function createCompiler(load: () => Promise<MjmlRenderer>): TemplateCompiler {
  return async ({ editorType, source, resolveBlock, resolveInclude }) => {
    if (editorType !== 'VISUAL') {
      const expanded = expandIncludes(editorType, source, resolveInclude)
      const { markup, includeLines } = expanded
      const included = includeLines.length ? { includeLines } : {}
      if (editorType === 'HTML') return { html: markup, markup, errors: expanded.errors, ...included }
      const compiled = await compileMjml(load, markup)
      const mjmlErrors = compiled.errors.map((error) => ({
        ...error,
        line: sourceLineOf(includeLines, error.line),
      }))
      return { html: compiled.html, markup, errors: [...expanded.errors, ...mjmlErrors], ...included }
    }
    const parsed = parseVisualDocument(source)
    if (!parsed.ok) {
      return {
        html: '',
        markup: '',
        errors: parsed.issues.map((issue) => ({ line: 1, ...issue })),
        blockLines: [],
      }
    }
    const { mjml, blockLines, errors } = visualToMjml(parsed.document, { resolveBlock })
    const compiled = await compileMjml(load, mjml)
    const documentErrors = errors.map(
      (error): CompileError => ({
        line: 1,
        message: error.message,
        path: `blocks.${parsed.document.blocks.findIndex((block) => block.id === error.blockId)}`,
        blockId: error.blockId,
      }),
    )
    const mjmlErrors = compiled.errors.map((error) => {
      const blockId = blockAtLine(blockLines, error.line)
      return blockId ? { ...error, blockId } : error
    })
    return { html: compiled.html, markup: mjml, errors: [...documentErrors, ...mjmlErrors], blockLines }
  }
}
