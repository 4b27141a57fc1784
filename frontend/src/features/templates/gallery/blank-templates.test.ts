import { CreateTemplateBodySchema } from '@app/contracts'
import { compileTemplate, lintTemplate, renderTemplate } from '@app/email'
import { describe, expect, it } from 'vitest'
import { BLANK_SOURCES, blankTemplateBody, isBlankKind } from './blank-templates'

describe('blank templates', () => {
  it.each(['MJML', 'HTML', 'VISUAL'] as const)(
    '%s is a valid create body that compiles, renders and lints clean',
    async (kind) => {
      const body = blankTemplateBody(kind, `blank-${kind.toLowerCase()}`)
      expect(CreateTemplateBodySchema.safeParse(body).success).toBe(true)
      const compiled = await compileTemplate({ editorType: kind, source: BLANK_SOURCES[kind] })
      expect(compiled.errors).toEqual([])
      expect(renderTemplate({ html: compiled.html }, { firstName: 'Maya' }).html).toContain('Hello Maya,')
      const findings = await lintTemplate({
        editorType: kind,
        source: BLANK_SOURCES[kind],
        subject: 'Hello {{firstName}}',
        text: 'Hello {{firstName}}',
        sampleData: { firstName: 'Maya' },
      })
      expect(findings.filter((finding) => finding.severity === 'error')).toEqual([])
    },
  )

  it('knows the kinds', () => {
    expect(isBlankKind('MJML')).toBe(true)
    expect(isBlankKind('VISUAL')).toBe(true)
    expect(isBlankKind('TEXT')).toBe(false)
  })
})
