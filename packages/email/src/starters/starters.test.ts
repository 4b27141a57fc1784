import { describe, expect, it } from 'vitest'
import { compileLargeTemplate } from '../bench'
import { renderTemplate } from '../handlebars/render'
import { compileTemplate, lintTemplate } from '../index'
import { STARTERS, starterText } from './starters'

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
      expect(findings).toEqual([])
      const rendered = renderTemplate({ subject: starter.subject, html, text }, starter.sampleData)
      expect(rendered.missing).toEqual([])
      expect(rendered.ok).toBe(true)
      expect(rendered.html).not.toMatch(/\{\{(?!amazonSESUnsubscribeUrl)/)
      expect(html).toContain('prefers-color-scheme: dark')
      expect(html).not.toMatch(/<img|fonts\.googleapis/)
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
