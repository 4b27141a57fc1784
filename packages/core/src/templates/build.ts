import type {
  ErrorIssue,
  SampleDataSet,
  TemplateEditorType,
  TemplateLintFinding,
  TemplateText,
  TemplateVariable,
} from '@app/contracts'
import type { LintFinding } from '@app/email'
import { AppError } from '../errors'
import { loadEmail } from './email'

export interface TemplateFields {
  name: string
  subject: string
  editorType: TemplateEditorType
  source: string
  text: TemplateText
  tags: string[]
  sampleData: SampleDataSet[]
}

export interface BuiltTemplate {
  html: string
  textPart: string
  variables: TemplateVariable[]
  lint: TemplateLintFinding[]
}

/**
 * Lint rules that make SES refuse the template (Handlebars it cannot parse or run, over 500 KB): a save with
 * any of them is refused. MJML validation findings stay in `lint` (they block publishing, not saving), unless
 * MJML produced no HTML at all.
 */
const REFUSED_RULES = new Set<string>(['handlebars.syntax', 'handlebars.unsupported', 'size.ses_limit'])

const PART_NAMES = { subject: 'subject', html: 'source', text: 'text part' } as const

function issueOf(finding: LintFinding): ErrorIssue {
  return {
    message: finding.message,
    rule: finding.rule,
    ...(finding.part ? { part: finding.part } : {}),
    ...(finding.line !== undefined ? { line: finding.line } : {}),
    ...(finding.column !== undefined ? { column: finding.column } : {}),
  }
}

export function invalidTemplate(issues: ErrorIssue[]): AppError {
  const first = issues[0]
  const where = first?.line
    ? ` (${first.part ? PART_NAMES[first.part] : 'source'} line ${first.line}${first.column ? `, column ${first.column}` : ''})`
    : ''
  const more =
    issues.length > 1 ? ` and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''}` : ''
  return new AppError('template.invalid', `${first?.message ?? 'The template is invalid'}${where}${more}.`, {
    issues,
  })
}

export function refuseVisual(editorType: TemplateEditorType): asserts editorType is 'HTML' | 'MJML' {
  if (editorType === 'VISUAL') {
    throw invalidTemplate([
      {
        message: 'The visual editor arrives in the next release; create HTML or MJML templates until then',
        rule: 'editor.unavailable',
      },
    ])
  }
}

/**
 * Compiles and checks a template the way SES will take it (`@app/email`): the compiled HTML, the effective text
 * part (generated from the HTML unless written), the variables it reads and its lint against the default (first)
 * sample data set. Throws 400 `template.invalid` with every blocking problem and where it is.
 */
export async function buildTemplate(fields: TemplateFields): Promise<BuiltTemplate> {
  refuseVisual(fields.editorType)
  const { compileTemplate, detectVariables, htmlToText, lintCompiled } = await loadEmail()
  const compiled = await compileTemplate({ editorType: fields.editorType, source: fields.source })
  if (fields.editorType === 'MJML' && !compiled.html.trim()) {
    throw invalidTemplate(
      (compiled.errors.length ? compiled.errors : [{ line: 1, message: 'MJML produced no HTML' }]).map(
        (error) => ({ message: error.message, rule: 'mjml.invalid', part: 'html', line: error.line }),
      ),
    )
  }
  const textPart = fields.text.mode === 'custom' ? (fields.text.custom ?? '') : htmlToText(compiled.html)
  const findings = lintCompiled(
    {
      editorType: fields.editorType,
      source: fields.source,
      subject: fields.subject,
      text: textPart,
      sampleData: fields.sampleData[0]?.data ?? {},
    },
    compiled,
  )
  const refused = findings.filter((finding) => REFUSED_RULES.has(finding.rule))
  if (refused.length) throw invalidTemplate(refused.map(issueOf))
  const variables = detectVariables({ subject: fields.subject, html: fields.source, text: textPart })
  return {
    html: compiled.html,
    textPart,
    variables: variables.map(({ path, required, part, line, column }) => ({
      path,
      required,
      part,
      line,
      column,
    })),
    lint: findings,
  }
}

/**
 * The parts of a test send: MJML compiled (HTML passes through), and the text part given or generated from the
 * HTML as a save does. Refuses what could not be sent.
 */
export async function compileForSend(
  contentType: 'HTML' | 'MJML',
  content: string,
  text?: string,
): Promise<{ html: string; text: string }> {
  const { htmlToText } = await loadEmail()
  const html = await compileHtmlForSend(contentType, content)
  return { html, text: text ?? htmlToText(html) }
}

async function compileHtmlForSend(contentType: 'HTML' | 'MJML', content: string): Promise<string> {
  if (contentType === 'HTML') return content
  const { compileTemplate } = await loadEmail()
  const compiled = await compileTemplate({ editorType: 'MJML', source: content })
  if (!compiled.html.trim()) {
    throw invalidTemplate(
      compiled.errors.map((error) => ({
        message: error.message,
        rule: 'mjml.invalid',
        part: 'html' as const,
        line: error.line,
      })),
    )
  }
  return compiled.html
}
