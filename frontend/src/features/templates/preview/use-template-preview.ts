import { parseBlockFragment, type TemplateEditorType } from '@app/contracts'
import {
  compileTemplate,
  type DetectedVariable,
  detectVariables,
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
}

export interface PreviewOutput {
  /** The HTML SES would store: compiled MJML, or the HTML source. */
  html: string
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
  const render = renderTemplate(
    { subject: input.subject, html: compiled.html, text: textPart },
    input.sampleData,
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
  return { html: compiled.html, textPart, render, findings, variables }
}

/**
 * The live preview: runs the pipeline once typing pauses (MJML compiles in the browser with mjml-browser,
 * fetched on first use), keeps showing the last result while the next one is computed.
 */
export function useTemplatePreview(input: PreviewInput, delayMs = 250) {
  const [state, setState] = useState<{ output?: PreviewOutput; error?: string; pending: boolean }>({
    pending: true,
  })
  const key = JSON.stringify(input)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the input's content
  useEffect(() => {
    let cancelled = false
    setState((current) => (current.pending ? current : { ...current, pending: true }))
    const timer = setTimeout(() => {
      runPreview(input)
        .then((output) => {
          if (!cancelled) setState({ output, pending: false })
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
