export const EDITOR_TYPES = ['HTML', 'MJML'] as const
export type EditorType = (typeof EDITOR_TYPES)[number]

export type CompileInput = { editorType: EditorType; source: string }
export type CompileError = { line: number; column?: number; message: string }
export type CompileResult = { html: string; errors: CompileError[] }

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

/** HTML passes through unchanged; MJML goes through the given renderer. */
export function createCompiler(load: () => Promise<MjmlRenderer>): TemplateCompiler {
  return async ({ editorType, source }) => {
    if (editorType === 'HTML') return { html: source, errors: [] }
    const render = await load()
    try {
      const output = await render(source, MJML_OPTIONS)
      return {
        html: output.html,
        errors: output.errors.map((error) => ({ line: error.line, message: error.message })),
      }
    } catch (error) {
      return {
        html: '',
        errors: [{ line: 1, message: error instanceof Error ? error.message : String(error) }],
      }
    }
  }
}
