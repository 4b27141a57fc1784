import { visualDocumentSource } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { compileLargeTemplate } from '../bench'
import { renderTemplate } from '../handlebars/render'
import { detectVariables } from '../handlebars/variables'
import { compileTemplate, enginePreviewValues, isEngineVariable, lintTemplate } from '../index'
import { STARTERS, starterText } from './starters'

const engine = enginePreviewValues({ origin: 'https://app.test', organizationName: 'Acme' })

/** The Checks of a starter: its sample links named (to point home), nothing else; no campaign refusal. */
function expectOnlySampleLinks(findings: { rule: string; message: string }[]) {
  expect(findings.filter((finding) => finding.rule !== 'link.placeholder')).toEqual([])
  for (const finding of findings) expect(finding.message).toContain('.example')
}

describe('starters', () => {
  it('has the six promised starters, each with a subject, description and sample data', () => {
    expect(STARTERS.map((starter) => starter.id)).toEqual([
      'welcome',
      'verify-email',
      'password-reset',
      'receipt',
      'newsletter',
      'announcement',
    ])
  })

  for (const starter of STARTERS) {
    it(`${starter.id} compiles without MJML errors, lints clean and renders its sample data`, async () => {
      const { html, errors } = await compileTemplate({ editorType: 'MJML', source: starter.mjml })
      expect(errors).toEqual([])
      const text = starterText(starter, html)
      const findings = await lintTemplate({
        editorType: 'MJML',
        source: starter.mjml,
        subject: starter.subject,
        text,
        sampleData: starter.sampleData,
      })
      expectOnlySampleLinks(findings)
      // Sendable as it comes: of a contact, at most its first name (the engine fills in the rest).
      const variables = detectVariables({ subject: starter.subject, html: starter.mjml, text })
      const contactData = variables.filter((variable) => !isEngineVariable(variable.path))
      expect(contactData.map((variable) => variable.path)).toEqual(
        'firstName' in starter.sampleData ? ['firstName'] : [],
      )
      const rendered = renderTemplate(
        { subject: starter.subject, html, text },
        { ...starter.sampleData, ...engine },
      )
      expect(rendered.missing).toEqual([])
      expect(rendered.ok).toBe(true)
      expect(rendered.html).not.toMatch(/\{\{(?!amazonSESUnsubscribeUrl)/)
      expect(html).toContain('prefers-color-scheme: dark')
      expect(html).not.toMatch(/<img|fonts\.googleapis/)
    })
  }
})

describe('starters (VISUAL)', () => {
  for (const starter of STARTERS) {
    it(`${starter.id}: its document is canonical, compiles without errors, lints clean and renders its sample data`, async () => {
      const source = visualDocumentSource(starter.visual)
      expect(JSON.parse(source)).toEqual(starter.visual)
      const compiled = await compileTemplate({ editorType: 'VISUAL', source })
      expect(compiled.errors).toEqual([])
      const text = starterText(starter, compiled.html)
      const findings = await lintTemplate({
        editorType: 'VISUAL',
        source,
        subject: starter.subject,
        text,
        sampleData: starter.sampleData,
      })
      expectOnlySampleLinks(findings)
      const rendered = renderTemplate(
        { subject: starter.subject, html: compiled.html, text },
        { ...starter.sampleData, ...engine },
      )
      expect(rendered.missing).toEqual([])
      expect(rendered.ok).toBe(true)
      expect(rendered.html).not.toMatch(/\{\{(?!amazonSESUnsubscribeUrl)/)
      expect(compiled.html).toContain('prefers-color-scheme: dark')
      expect(compiled.html).not.toMatch(/<img|fonts\.googleapis/)
      // The same variables as the MJML version: the same content.
      const mjmlVariables = detectVariables({ subject: starter.subject, html: starter.mjml, text })
      const visualVariables = detectVariables({ subject: starter.subject, html: compiled.markup, text })
      expect(new Set(visualVariables.map((item) => item.path))).toEqual(
        new Set(mjmlVariables.map((item) => item.path)),
      )
    })
  }
})

describe('compileLargeTemplate (benchmark hook)', () => {
  it('compiles a template of many sections', async () => {
    const { html, errors } = await compileLargeTemplate(40)
    expect(errors).toEqual([])
    expect(html.length).toBeGreaterThan(100_000)
  })
})
