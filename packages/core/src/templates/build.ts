import {
  type ErrorIssue,
  parseVisualDocument,
  type SampleDataSet,
  type TemplateEditorType,
  type TemplateLintFinding,
  type TemplateText,
  type TemplateVariable,
  visualDocumentSource,
} from '@app/contracts'
import type { CompileError, LintFinding } from '@app/email'
import { AppError } from '../errors'
import { blockResolvers } from './block-references'
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

/** What a save stores: its source as given, or for VISUAL the document's canonical form (`visualDocumentSource`). */
export interface BuiltSource extends BuiltTemplate {
  source: string
}

/**
 * Lint rules that make SES refuse the template (Handlebars it cannot parse or run, over 500 KB): a save with
 * any of them is refused. MJML validation findings stay in `lint` (they block publishing, not saving), unless
 * MJML produced no HTML at all.
 */
const REFUSED_RULES = new Set<string>([
  'handlebars.syntax',
  'handlebars.unsupported',
  'size.ses_limit',
  'visual.invalid',
  'block.include',
])

const PART_NAMES = { subject: 'subject', html: 'source', text: 'text part' } as const

function issueOf(finding: LintFinding): ErrorIssue {
  return {
    message: finding.message,
    rule: finding.rule,
    ...(finding.part ? { part: finding.part } : {}),
    ...(finding.line !== undefined ? { line: finding.line } : {}),
    ...(finding.column !== undefined ? { column: finding.column } : {}),
    ...(finding.path !== undefined ? { path: finding.path } : {}),
    ...(finding.blockId ? { blockId: finding.blockId } : {}),
  }
}

export function invalidTemplate(issues: ErrorIssue[]): AppError {
  const first = issues[0]
  const where = first?.blockId
    ? ` (block ${first.blockId})`
    : first?.path
      ? ` (document ${first.path})`
      : first?.line
        ? ` (${first.part ? PART_NAMES[first.part] : 'source'} line ${first.line}${first.column ? `, column ${first.column}` : ''})`
        : ''
  const more =
    issues.length > 1 ? ` and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''}` : ''
  const message = (first?.message ?? 'The template is invalid').replace(/\.$/, '')
  return new AppError('template.invalid', `${message}${where}${more}.`, {
    issues,
  })
}

/** A VISUAL source that is not a valid document: 400 with every problem's path and block. */
function parseVisualSource(source: string): string {
  const parsed = parseVisualDocument(source)
  if (!parsed.ok) {
    throw invalidTemplate(
      parsed.issues.map((issue) => ({
        message: issue.message,
        rule: 'visual.invalid',
        part: 'html',
        path: issue.path,
        ...(issue.blockId ? { blockId: issue.blockId } : {}),
      })),
    )
  }
  return visualDocumentSource(parsed.document)
}

const mjmlIssue = (error: CompileError): ErrorIssue => ({
  message: error.message,
  rule: 'mjml.invalid',
  part: 'html',
  line: error.line,
  ...(error.blockId ? { blockId: error.blockId } : {}),
})

/**
 * Compiles and checks a template the way SES will take it (`@app/email`): the compiled HTML, the effective text
 * part (generated from the HTML unless written), the variables it reads and its lint against the default (first)
 * sample data set. Throws 400 `template.invalid` with every blocking problem and where it is.
 */
export async function buildTemplate(fields: TemplateFields, orgId: string): Promise<BuiltSource> {
  const { compileTemplate, detectVariables, htmlToText, lintCompiled } = await loadEmail()
  const source = fields.editorType === 'VISUAL' ? parseVisualSource(fields.source) : fields.source
  const { resolveBlock, resolveInclude, wrongType } = await blockResolvers(orgId, fields.editorType, source)
  if (wrongType.length) throw invalidTemplate(wrongType)
  const compiled = await compileTemplate({
    editorType: fields.editorType,
    source,
    resolveBlock,
    resolveInclude,
  })
  if (fields.editorType !== 'HTML' && !compiled.html.trim()) {
    throw invalidTemplate(
      (compiled.errors.length ? compiled.errors : [{ line: 1, message: 'MJML produced no HTML' }]).map(
        mjmlIssue,
      ),
    )
  }
  const textPart = fields.text.mode === 'custom' ? (fields.text.custom ?? '') : htmlToText(compiled.html)
  const findings = lintCompiled(
    {
      editorType: fields.editorType,
      source,
      subject: fields.subject,
      text: textPart,
      sampleData: fields.sampleData[0]?.data ?? {},
    },
    compiled,
  )
  const refused = findings.filter((finding) => REFUSED_RULES.has(finding.rule))
  if (refused.length) throw invalidTemplate(refused.map(issueOf))
  const variables = detectVariables({ subject: fields.subject, html: compiled.markup, text: textPart })
  return {
    source,
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
 * The parts of a test send: MJML and VISUAL compiled (HTML passes through), and the text part given or generated
 * from the HTML as a save does. Refuses what could not be sent.
 */
export async function compileForSend(
  orgId: string,
  contentType: 'HTML' | 'MJML' | 'VISUAL',
  content: string,
  text?: string,
): Promise<{ html: string; text: string }> {
  const { htmlToText } = await loadEmail()
  const html = await compileHtmlForSend(orgId, contentType, content)
  return { html, text: text ?? htmlToText(html) }
}

async function compileHtmlForSend(
  orgId: string,
  contentType: 'HTML' | 'MJML' | 'VISUAL',
  content: string,
): Promise<string> {
  const { compileTemplate } = await loadEmail()
  const source = contentType === 'VISUAL' ? parseVisualSource(content) : content
  const { resolveBlock, resolveInclude, wrongType } = await blockResolvers(orgId, contentType, source)
  if (wrongType.length) throw invalidTemplate(wrongType)
  const compiled = await compileTemplate({ editorType: contentType, source, resolveBlock, resolveInclude })
  const included = compiled.errors.filter((error) => error.include !== undefined)
  if (included.length) {
    throw invalidTemplate(
      included.map((error) => ({
        message: error.message,
        rule: 'block.include',
        part: 'html',
        line: error.line,
        ...(error.column ? { column: error.column } : {}),
      })),
    )
  }
  if (contentType === 'HTML') return compiled.html
  const unresolved = compiled.errors.filter((error) => error.path !== undefined)
  if (unresolved.length) {
    throw invalidTemplate(
      unresolved.map((error) => ({
        message: error.message,
        rule: 'visual.invalid',
        part: 'html',
        path: error.path,
        ...(error.blockId ? { blockId: error.blockId } : {}),
      })),
    )
  }
  if (!compiled.html.trim()) throw invalidTemplate(compiled.errors.map(mjmlIssue))
  return compiled.html
}
