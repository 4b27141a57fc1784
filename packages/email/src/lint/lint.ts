import { campaignProblems, isEngineVariable } from '../campaign/campaign-checks'
import type { CompileResult, EditorType, TemplateCompiler } from '../compile/compile'
import type { TemplatePart } from '../handlebars/ses-handlebars'
import { validateHandlebars } from '../handlebars/validate'
import { type DetectedVariable, detectVariables } from '../handlebars/variables'
import { type ResolveInclude, sourceLineOf } from '../include/include'
import { blockAtLine, type ResolveBlock } from '../visual/visual-to-mjml'
import { scanMarkup } from './markup'
import { sampleHas, unusedSampleKeys } from './sample-data'

export const LINT_RULES = [
  'size.ses_limit',
  'size.gmail_clip',
  'text.missing',
  'variables.no_sample',
  'variables.unused_sample',
  'link.empty',
  'link.placeholder',
  'link.not_https',
  'image.missing_alt',
  'handlebars.syntax',
  'handlebars.unsupported',
  'mjml.invalid',
  'visual.invalid',
  'block.include',
  'campaign.unsubscribe_link',
  'campaign.postal_address',
] as const
export type LintRule = (typeof LINT_RULES)[number]
export type LintSeverity = 'error' | 'warning'

export const LINT_SEVERITY: Record<LintRule, LintSeverity> = {
  'size.ses_limit': 'error',
  'size.gmail_clip': 'warning',
  'text.missing': 'warning',
  'variables.no_sample': 'warning',
  'variables.unused_sample': 'warning',
  'link.empty': 'warning',
  'link.placeholder': 'warning',
  'link.not_https': 'warning',
  'image.missing_alt': 'warning',
  'handlebars.syntax': 'error',
  'handlebars.unsupported': 'error',
  'mjml.invalid': 'error',
  'visual.invalid': 'error',
  'block.include': 'error',
  'campaign.unsubscribe_link': 'warning',
  'campaign.postal_address': 'warning',
}

/**
 * Where a finding is: the part, and for the source (`part: 'html'`) a line in what was compiled (the HTML or
 * MJML source; for VISUAL the MJML written from the document, with the block on that line as `blockId`).
 * `visual.invalid` findings carry the document `path` and `blockId` instead of a line.
 */
export type LintFinding = {
  rule: LintRule
  severity: LintSeverity
  message: string
  part?: TemplatePart
  line?: number
  column?: number
  path?: string
  blockId?: string
}

export type LintInput = {
  editorType: EditorType
  source: string
  subject: string
  /** The text part as it will be published (generated or written); empty or absent when there is none. */
  text?: string
  sampleData?: Record<string, unknown>
  /** VISUAL: the organization's reusable blocks (see `CompileInput`). */
  resolveBlock?: ResolveBlock
  /** MJML and HTML: the organization's reusable blocks for include tags (see `CompileInput`). */
  resolveInclude?: ResolveInclude
}

/** SES: "Each template can be up to 500 KB in size" (subject, HTML and text together). */
export const SES_TEMPLATE_LIMIT_BYTES = 500 * 1024
/** Gmail clips a message whose HTML is over 102 KB. */
export const GMAIL_CLIP_BYTES = 102 * 1024

const bytes = (value: string) => new TextEncoder().encode(value).length
const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`

function finding(
  rule: LintRule,
  message: string,
  where: Omit<LintFinding, 'rule' | 'severity' | 'message'> = {},
) {
  return { rule, severity: LINT_SEVERITY[rule], message, ...where }
}

function sizeFindings(input: LintInput, html: string): LintFinding[] {
  const findings: LintFinding[] = []
  const total = bytes(input.subject) + bytes(html) + bytes(input.text ?? '')
  if (total > SES_TEMPLATE_LIMIT_BYTES) {
    findings.push(
      finding(
        'size.ses_limit',
        `The template is ${kb(total)}; SES accepts at most 500 KB (subject, HTML and text)`,
      ),
    )
  }
  const htmlBytes = bytes(html)
  if (htmlBytes > GMAIL_CLIP_BYTES) {
    findings.push(
      finding('size.gmail_clip', `The HTML is ${kb(htmlBytes)}; Gmail clips messages over 102 KB`),
    )
  }
  return findings
}

function handlebarsFindings(input: LintInput, compiled: CompileResult): LintFinding[] {
  const findings: LintFinding[] = []
  const parts: [TemplatePart, string][] = [
    ['subject', input.subject],
    ['html', compiled.markup],
    ['text', input.text ?? ''],
  ]
  for (const [part, source] of parts) {
    for (const error of validateHandlebars(source)) {
      const rule = error.code === 'handlebars.syntax' ? 'handlebars.syntax' : 'handlebars.unsupported'
      findings.push(finding(rule, error.message, { part, line: error.line, column: error.column }))
    }
  }
  const sourceClean = !findings.some((item) => item.part === 'html')
  if (input.editorType !== 'HTML' && sourceClean && compiled.html) {
    const broken = validateHandlebars(compiled.html)[0]
    if (broken) {
      findings.push(
        finding(
          'handlebars.syntax',
          `MJML moved Handlebars tags so the HTML no longer parses: ${broken.message}`,
          {
            part: 'html',
          },
        ),
      )
    }
  }
  return findings
}

function variableFindings(variables: DetectedVariable[], sampleData: Record<string, unknown>): LintFinding[] {
  const findings: LintFinding[] = []
  for (const variable of variables) {
    if (isEngineVariable(variable.path) || sampleHas(sampleData, variable.path)) continue
    const why = variable.required ? 'SES drops the message when it is absent' : 'the preview cannot show it'
    findings.push(
      finding('variables.no_sample', `'${variable.path}' has no sample value (${why})`, {
        part: variable.part,
        line: variable.part === 'html' ? variable.line : undefined,
        column: variable.part === 'html' ? variable.column : undefined,
      }),
    )
  }
  for (const key of unusedSampleKeys(sampleData, variables)) {
    findings.push(finding('variables.unused_sample', `Sample data '${key}' is not used by the template`))
  }
  return findings
}

/** The linter over an already compiled template (pure and synchronous; the entries compile first). */
export function lintCompiled(input: LintInput, compiled: CompileResult): LintFinding[] {
  const findings: LintFinding[] = []
  for (const error of compiled.errors) {
    if (error.include !== undefined) {
      findings.push(
        finding('block.include', error.message, { part: 'html', line: error.line, column: error.column }),
      )
    } else if (error.path !== undefined) {
      findings.push(
        finding('visual.invalid', error.message, {
          part: 'html',
          path: error.path,
          ...(error.blockId ? { blockId: error.blockId } : {}),
        }),
      )
    } else {
      findings.push(
        finding('mjml.invalid', error.message, { part: 'html', line: error.line, column: error.column }),
      )
    }
  }
  const fromErrors = findings.length
  findings.push(...sizeFindings(input, compiled.html))
  if (!input.text?.trim()) {
    findings.push(
      finding('text.missing', 'No text part: add one (or generate it) for clients that show plain text'),
    )
  }
  findings.push(...handlebarsFindings(input, compiled))
  const variables = detectVariables({ subject: input.subject, html: compiled.markup, text: input.text })
  findings.push(...variableFindings(variables, input.sampleData ?? {}))
  // Campaigns refuse these (the same rule as their pre-flight); a transactional template may do without.
  if (compiled.errors.length === 0) {
    for (const problem of campaignProblems({ html: compiled.html, text: input.text ?? '' })) {
      findings.push(finding(`campaign.${problem.code}`, problem.message, { part: 'html' }))
    }
  }
  for (const issue of scanMarkup(compiled.markup)) {
    findings.push(finding(issue.rule, issue.message, { part: 'html', line: issue.line }))
  }
  const includeLines = compiled.includeLines
  if (includeLines) {
    // Compile errors are already in source lines; what was found by scanning the markup is moved back there.
    return findings.map((item, index) =>
      index < fromErrors || item.part !== 'html' || item.line === undefined
        ? item
        : { ...item, line: sourceLineOf(includeLines, item.line) },
    )
  }
  const blockLines = compiled.blockLines
  if (!blockLines) return findings
  return findings.map((item) => {
    if (item.blockId || item.part !== 'html' || item.line === undefined) return item
    const blockId = blockAtLine(blockLines, item.line)
    return blockId ? { ...item, blockId } : item
  })
}

export function createLinter(compile: TemplateCompiler) {
  return async (input: LintInput): Promise<LintFinding[]> =>
    lintCompiled(
      input,
      await compile({
        editorType: input.editorType,
        source: input.source,
        resolveBlock: input.resolveBlock,
        resolveInclude: input.resolveInclude,
      }),
    )
}
