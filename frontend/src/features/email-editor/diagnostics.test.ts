import type { LintFinding } from '@app/email/browser'
import { describe, expect, it } from 'vitest'
import { editorIssues, issueLocation, issueRange, issuesOf } from './diagnostics'

const DOC = '<mjml>\n  <mj-text>Hi {{firstName}</mj-text>\n</mjml>'

describe('editor diagnostics', () => {
  it('ranges over the word or tag at a column, or the whole line', () => {
    expect(issueRange(DOC, 2, 3)).toEqual({ from: 9, to: 17 })
    expect(DOC.slice(9, 17)).toBe('<mj-text')
    const tag = issueRange(DOC, 2, 15)
    expect(DOC.slice(tag.from, tag.to)).toBe('{{firstName}')
    expect(issueRange(DOC, 3)).toEqual({ from: 44, to: 51 })
    expect(issueRange(DOC, 99)).toEqual({ from: 44, to: 51 })
    expect(issueRange('', 1, 4)).toEqual({ from: 0, to: 0 })
  })

  it('lists errors first, then by part and line', () => {
    const findings: LintFinding[] = [
      { rule: 'text.missing', severity: 'warning', message: 'No text part' },
      { rule: 'link.not_https', severity: 'warning', message: 'http link', part: 'html', line: 9 },
      { rule: 'handlebars.syntax', severity: 'error', message: 'broken', part: 'html', line: 2, column: 15 },
      {
        rule: 'handlebars.syntax',
        severity: 'error',
        message: 'subject',
        part: 'subject',
        line: 1,
        column: 3,
      },
    ]
    const issues = editorIssues(findings)
    expect(issues.map((issue) => issue.message)).toEqual(['subject', 'broken', 'http link', 'No text part'])
    expect(issuesOf(issues, 'html')).toHaveLength(2)
    expect(issues.map((issue) => issueLocation(issue, 'MJML'))).toEqual([
      'Subject, line 1:3',
      'MJML, line 2:15',
      'MJML, line 9',
      'Template',
    ])
  })

  it('keeps the block of a visual finding and names it as the location', () => {
    const findings: LintFinding[] = [
      {
        rule: 'link.not_https',
        severity: 'warning',
        message: 'http',
        part: 'html',
        line: 30,
        blockId: 'button-1',
      },
      {
        rule: 'visual.invalid',
        severity: 'error',
        message: 'bad colour',
        part: 'html',
        path: 'blocks.2.color',
        blockId: 'heading-2',
      },
      { rule: 'visual.invalid', severity: 'error', message: 'not JSON', part: 'html', path: '' },
    ]
    const issues = editorIssues(findings)
    expect(issues.map((issue) => [issue.blockId, issue.path])).toEqual([
      ['heading-2', 'blocks.2.color'],
      [undefined, ''],
      ['button-1', undefined],
    ])
    expect(issues.map((issue) => issueLocation(issue, 'Design'))).toEqual([
      'Block heading-2',
      'Document',
      'Block button-1',
    ])
  })
})
