import type { LintFinding } from '@app/email/browser'

export type EditorPart = 'html' | 'text' | 'subject'

export interface EditorIssue {
  severity: 'error' | 'warning'
  message: string
  rule: string
  part: EditorPart | undefined
  /** 1-based, in what the author edits (the MJML source of an MJML template). */
  line: number | undefined
  column: number | undefined
  /** VISUAL: the block the finding is in (select it to fix it). */
  blockId?: string | undefined
  /** VISUAL: where in the document, as `blocks.2.href`. */
  path?: string | undefined
}

const RULE_TITLES: Record<string, string> = {
  'size.ses_limit': 'Too large for SES',
  'size.gmail_clip': 'Gmail will clip it',
  'text.missing': 'No text part',
  'variables.no_sample': 'No sample value',
  'variables.unused_sample': 'Unused sample value',
  'link.empty': 'Empty link',
  'link.placeholder': 'Placeholder link',
  'link.not_https': 'Link not https',
  'image.missing_alt': 'Image without alt',
  'handlebars.syntax': 'Handlebars syntax',
  'handlebars.unsupported': 'Not supported by SES',
  'mjml.invalid': 'MJML',
  'campaign.unsubscribe_link': 'Campaigns refuse it: unsubscribe link',
  'campaign.postal_address': 'Campaigns refuse it: postal address',
}

export function ruleTitle(rule: string): string {
  return RULE_TITLES[rule] ?? rule
}

/** Findings as the lint panel lists them: errors first, then by part and line. */
export function editorIssues(findings: readonly LintFinding[]): EditorIssue[] {
  const partOrder = { subject: 0, html: 1, text: 2 } as const
  return findings
    .map((finding) => ({
      severity: finding.severity,
      message: finding.message,
      rule: finding.rule,
      part: finding.part,
      line: finding.line,
      column: finding.column,
      blockId: finding.blockId,
      path: finding.path,
    }))
    .sort(
      (a, b) =>
        (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
        (a.part ? partOrder[a.part] : 3) - (b.part ? partOrder[b.part] : 3) ||
        (a.line ?? 0) - (b.line ?? 0) ||
        (a.column ?? 0) - (b.column ?? 0),
    )
}

export function issuesOf(issues: readonly EditorIssue[], part: EditorPart): EditorIssue[] {
  return issues.filter((issue) => issue.part === part)
}

/**
 * Where an issue sits in a document, as offsets for an inline diagnostic: from its column to the end of the word
 * or `{{tag}}` there, or the whole line without a column. Lines past the end land on the last line.
 */
export function issueRange(doc: string, line: number, column?: number): { from: number; to: number } {
  const lines = doc.split('\n')
  const index = Math.min(Math.max(line, 1), lines.length) - 1
  let start = 0
  for (let at = 0; at < index; at += 1) start += (lines[at]?.length ?? 0) + 1
  const text = lines[index] ?? ''
  if (!column) return { from: start, to: start + text.length }
  const offset = Math.min(Math.max(column - 1, 0), text.length)
  const rest = text.slice(offset)
  const token = /^\{\{[^}]*\}?\}?|^<\/?[\w-]+|^[\w.@-]+/.exec(rest)?.[0] ?? rest.slice(0, 1)
  return { from: start + offset, to: start + offset + Math.max(token.length, 0) }
}

/** "Line 12" / "Subject" / "Text, line 3" for the lint panel; "Block button-1" in a visual template. */
export function issueLocation(issue: EditorIssue, sourceLabel: string): string {
  if (issue.blockId) return `Block ${issue.blockId}`
  if (issue.path !== undefined && issue.line === undefined)
    return issue.path ? `Document, ${issue.path}` : 'Document'
  const where = issue.part === 'subject' ? 'Subject' : issue.part === 'text' ? 'Text part' : sourceLabel
  if (issue.line === undefined) return issue.part ? where : 'Template'
  return `${where}, line ${issue.line}${issue.column ? `:${issue.column}` : ''}`
}
