import { parseBlockFragment, type TemplateEditorType } from '@app/contracts'
import {
  compileTemplate,
  type DetectedVariable,
  detectVariables,
  enginePreviewValues,
  htmlToText,
  type LintFinding,
  lintCompiled,
  type RenderResult,
  renderTemplate,
} from '@app/email/browser'
import { useEffect, useState } from 'react'

export interface PreviewInput {
  editorType: 'HTML' | 'MJML' | 'VISUAL'
  /** VISUAL: the canonical document JSON. */
  source: string
  subject: string
  textMode: 'generated' | 'custom'
  customText: string
  /** The selected sample data set (what SES would render with). */
  sampleData: Record<string, unknown>
  /** The reusable blocks the source references, by id, as loaded (a missing one is reported, as on save). */
  blocks?: Record<string, { editorType: TemplateEditorType; source: string }>
  /** What `{{organizationName}}` previews as (a campaign fills it in, like the other engine variables). */
  organizationName?: string
}

type CompileError = Awaited<ReturnType<typeof compileTemplate>>['errors'][number]

export interface PreviewOutput {
  /** The HTML SES would store: compiled MJML, or the HTML source. */
  html: string
  /** What the compiler reported (MJML errors, blocks that could not be written, missing includes). */
  compileErrors: CompileError[]
  /** The text part SES would store: generated from the HTML, or the custom text. */
  textPart: string
  /** Subject, HTML and text rendered with the sample data as SES renders them. */
  render: RenderResult
  findings: LintFinding[]
  variables: DetectedVariable[]
}

/** The whole pipeline of `@app/email`, as the API runs it on save, but in the browser and without eval. */
export async function runPreview(input: PreviewInput): Promise<PreviewOutput> {
  const blocks = input.blocks ?? {}
  const resolveInclude = (id: string) => blocks[id]
  const resolveBlock = (id: string) => {
    const block = blocks[id]
    if (block?.editorType !== 'VISUAL') return undefined
    const parsed = parseBlockFragment(block.source)
    return parsed.ok ? parsed.fragment.blocks : undefined
  }
  const compiled = await compileTemplate({
    editorType: input.editorType,
    source: input.source,
    resolveBlock,
    resolveInclude,
  })
  const textPart = input.textMode === 'custom' ? input.customText : htmlToText(compiled.html)
  // The campaign send fills these in whatever the data says, so the preview does too (its unsubscribe link opens
  // the page a test send's link opens).
  const engine = enginePreviewValues({
    origin: globalThis.location?.origin ?? '',
    organizationName: input.organizationName,
  })
  const render = renderTemplate(
    { subject: input.subject, html: compiled.html, text: textPart },
    { ...input.sampleData, ...engine },
  )
  const findings = lintCompiled(
    {
      editorType: input.editorType,
      source: input.source,
      subject: input.subject,
      text: textPart,
      sampleData: input.sampleData,
      resolveBlock,
      resolveInclude,
    },
    compiled,
  )
  // What the HTML was compiled from (for VISUAL, the MJML written from the document, not its JSON).
  const variables = detectVariables({ subject: input.subject, html: compiled.markup, text: textPart })
  return { html: compiled.html, textPart, render, findings, variables, compileErrors: compiled.errors }
}

/** No email came out (MJML that cannot be parsed gives an empty page and an error): nothing worth showing. */
export function isBrokenOutput(output: Pick<PreviewOutput, 'html' | 'compileErrors'>): boolean {
  return output.compileErrors.length > 0 && output.html.trim() === ''
}

export interface PreviewState {
  /** The latest result. */
  output?: PreviewOutput
  /** The latest result that produced an email: what the preview shows while the source does not compile. */
  lastGood?: PreviewOutput
  error?: string
  pending: boolean
}

/** The state after a run finished with `output`. */
export function withOutput(current: PreviewState, output: PreviewOutput): PreviewState {
  return { output, lastGood: isBrokenOutput(output) ? current.lastGood : output, pending: false }
}

/**
 * The live preview: runs the pipeline once typing pauses (MJML compiles in the browser with mjml-browser,
 * fetched on first use), keeps showing the last result while the next one is computed, and remembers the last
 * result that produced an email.
 */
export function useTemplatePreview(input: PreviewInput, delayMs = 250) {
  const [state, setState] = useState<PreviewState>({ pending: true })
  const key = JSON.stringify(input)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the input's content
  useEffect(() => {
    let cancelled = false
    setState((current) => (current.pending ? current : { ...current, pending: true }))
    const timer = setTimeout(() => {
      runPreview(input)
        .then((output) => {
          if (!cancelled) setState((current) => withOutput(current, output))
        })
        .catch((error: unknown) => {
          if (!cancelled) {
            setState((current) => ({
              ...current,
              pending: false,
              error: error instanceof Error ? error.message : String(error),
            }))
          }
        })
    }, delayMs)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [key, delayMs])

  return state
}
