import { parseVisualDocument } from '@app/contracts'
import { type BlockLines, blockAtLine, type ResolveBlock, visualToMjml } from '../visual/visual-to-mjml'

export const EDITOR_TYPES = ['HTML', 'MJML', 'VISUAL'] as const
export type EditorType = (typeof EDITOR_TYPES)[number]

export type CompileInput = {
  editorType: EditorType
  source: string
  /** VISUAL: the organization's reusable blocks; without it every block reference is reported unresolved. */
  resolveBlock?: ResolveBlock
}
/**
 * `line` is in `markup`. VISUAL: `blockId` is the block the line belongs to; problems of the document itself
 * (it is not JSON, does not match the schema, refers to a missing reusable block) carry `path` (and line 1).
 */
export type CompileError = { line: number; column?: number; message: string; path?: string; blockId?: string }
export type CompileResult = {
  html: string
  /** What the HTML was compiled from: the HTML source, the MJML source, or the MJML written from the document. */
  markup: string
  errors: CompileError[]
  /** VISUAL: the lines of `markup` each block produced. */
  blockLines?: BlockLines[]
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
  return async ({ editorType, source, resolveBlock }) => {
    if (editorType === 'HTML') return { html: source, markup: source, errors: [] }
    if (editorType === 'MJML') return { ...(await compileMjml(load, source)), markup: source }
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
