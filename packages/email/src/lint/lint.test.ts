import { describe, expect, it } from 'vitest'
import { lintTemplate } from '../index'
import { LINT_RULES, type LintFinding, type LintInput, lintCompiled } from './lint'

const clean: LintInput = {
  editorType: 'HTML',
  source: '<p>Hi {{name}}, <a href="https://example.com">open</a></p>',
  subject: 'Hello {{name}}',
  text: 'Hi {{name}}, open: https://example.com',
  sampleData: { name: 'Ada' },
}
/** Findings other than the campaign rules (tested on their own below; most fixtures here are not campaign mail). */
const notCampaign = (findings: LintFinding[]) => findings.filter((f) => !f.rule.startsWith('campaign.'))
const rules = (input: Partial<LintInput>) =>
  lintCompiled(
    { ...clean, ...input },
    { html: input.source ?? clean.source, markup: input.source ?? clean.source, errors: [] },
  )
    .map((f) => f.rule)
    // The campaign rules have their own tests below; the fixtures here are not campaign mail.
    .filter((rule) => !rule.startsWith('campaign.'))

describe('lintTemplate', () => {
  it('has stable rule ids', () => {
    expect(LINT_RULES).toEqual([
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
    ])
  })

  it('finds nothing in a clean template', () => {
    expect(rules({})).toEqual([])
  })

  it('size.ses_limit: subject, HTML and text over 500 KB together (UTF-8 bytes)', () => {
    const half = 'é'.repeat(128 * 1024)
    expect(rules({ source: `<p>${half}</p>`, text: half })).toContain('size.ses_limit')
    expect(rules({ source: `<p>${'a'.repeat(100 * 1024)}</p>`, text: 'a'.repeat(390 * 1024) })).not.toContain(
      'size.ses_limit',
    )
  })

  it('size.gmail_clip: HTML over 102 KB', () => {
    expect(rules({ source: `<p>${'a'.repeat(103 * 1024)}</p>` })).toEqual(['size.gmail_clip'])
    expect(rules({ source: `<p>${'a'.repeat(101 * 1024)}</p>` })).toEqual([])
  })

  it('text.missing: no text part', () => {
    expect(rules({ text: '  ' })).toEqual(['text.missing'])
    expect(rules({ text: undefined })).toEqual(['text.missing'])
  })

  it('variables.no_sample: a variable without a sample value, with its line', () => {
    const findings = lintCompiled(
      { ...clean, source: '<p>Hi {{name}}</p>\n<p>{{plan.name}}</p>' },
      {
        html: '',
        markup: '<p>Hi {{name}}</p>\n<p>{{plan.name}}</p>',
        errors: [],
      },
    )
    expect(notCampaign(findings)).toEqual([
      expect.objectContaining({ rule: 'variables.no_sample', severity: 'warning', line: 2, column: 6 }),
    ])
    expect(
      rules({
        source: '{{#each items}}{{sku}}{{/each}}',
        sampleData: { name: 'A', items: [{ sku: 1 }, {}] },
      }),
    ).toEqual(['variables.no_sample'])
    expect(
      rules({ source: '{{#each items}}{{sku}}{{/each}}', sampleData: { name: 'A', items: [{ sku: 1 }] } }),
    ).toEqual([])
  })

  it('variables.unused_sample: sample keys the template never reads', () => {
    const findings = lintCompiled(
      { ...clean, sampleData: { name: 'Ada', plan: { tier: 'x' }, other: 1 } },
      {
        html: clean.source,
        markup: clean.source,
        errors: [],
      },
    )
    expect(notCampaign(findings).map((f) => f.message)).toEqual([
      "Sample data 'plan' is not used by the template",
      "Sample data 'other' is not used by the template",
    ])
    expect(
      rules({
        source: '{{#each items}}{{sku}}{{/each}}',
        sampleData: { name: 'A', items: [{ sku: 1, x: 2 }] },
      }),
    ).toEqual(['variables.unused_sample'])
  })

  it('link rules: empty, #, not https; mailto, tel and {{variable}} links are fine', () => {
    expect(rules({ source: '<a href="">x</a>' })).toEqual(['link.empty'])
    expect(rules({ source: '<a href="#">x</a>' })).toEqual(['link.placeholder'])
    expect(rules({ source: '<a href="http://example.com">x</a><a href="/relative">y</a>' })).toEqual([
      'link.not_https',
      'link.not_https',
    ])
    expect(
      rules({
        source:
          '<a href="mailto:a@b.c">m</a><a href="tel:+1555">t</a><a href="{{url}}">v</a><a name="top">n</a>',
        sampleData: { name: 'Ada', url: 'https://x.example' },
      }),
    ).toEqual([])
  })

  it('image.missing_alt: images without alt, in HTML and MJML; alt="" is decorative and fine', () => {
    expect(rules({ source: '<img src="https://x.example/a.png">' })).toEqual(['image.missing_alt'])
    expect(rules({ source: '<img src="https://x.example/a.png" alt="">' })).toEqual([])
    expect(rules({ editorType: 'MJML', source: '<mj-image src="https://x.example/a.png" />' })).toEqual([
      'image.missing_alt',
    ])
  })

  it('handlebars.syntax and handlebars.unsupported: errors with the part, line and column', () => {
    const findings = lintCompiled(
      { ...clean, subject: 'Hi {{#if name}}', source: '<p>\n{{formatDate when}}</p>' },
      { html: '', markup: '<p>\n{{formatDate when}}</p>', errors: [] },
    )
    expect(
      notCampaign(findings).map(({ rule, severity, part, line, column }) => ({
        rule,
        severity,
        part,
        line,
        column,
      })),
    ).toEqual([
      { rule: 'handlebars.syntax', severity: 'error', part: 'subject', line: 1, column: 16 },
      { rule: 'handlebars.unsupported', severity: 'error', part: 'html', line: 2, column: 3 },
    ])
  })

  it('mjml.invalid: MJML errors, with their line', async () => {
    const source =
      '<mjml>\n<mj-body>\n<mj-section><mj-column><mj-txt>Hi</mj-txt></mj-column></mj-section>\n</mj-body>\n</mjml>'
    const findings = await lintTemplate({ ...clean, editorType: 'MJML', source, sampleData: {} })
    expect(findings).toEqual([
      {
        rule: 'mjml.invalid',
        severity: 'error',
        message: "Element mj-txt doesn't exist or is not registered",
        part: 'html',
        line: 3,
      },
      expect.objectContaining({ rule: 'variables.no_sample' }),
    ])
  })

  it('reports Handlebars that MJML broke in its output', () => {
    const findings = lintCompiled(
      { ...clean, editorType: 'MJML', source: '<mjml></mjml>' },
      {
        html: '{{#each a}}',
        markup: '<mjml></mjml>',
        errors: [],
      },
    )
    expect(notCampaign(findings).map((f) => f.rule)).toEqual(['handlebars.syntax'])
  })
})

describe('lintTemplate (VISUAL)', () => {
  const styles = {
    backgroundColor: '#f3f4f6',
    contentBackgroundColor: '#ffffff',
    contentWidth: 600,
    fontFamily: 'system',
    textColor: '#1f2937',
    linkColor: '#1d4ed8',
    darkMode: false,
  }
  const padding = { top: 0, right: 0, bottom: 0, left: 0 }
  const visual = (blocks: unknown[]): LintInput => ({
    editorType: 'VISUAL',
    source: JSON.stringify({ version: 1, preheader: '', styles, blocks }),
    subject: 'Hi {{name}}',
    text: 'Hi {{name}}',
    sampleData: { name: 'Ada' },
  })
  const button = {
    type: 'button',
    id: 'cta',
    text: 'Go {{name}}',
    href: '',
    align: 'center',
    backgroundColor: '#1d4ed8',
    textColor: '#ffffff',
    fontSize: 16,
    borderRadius: 4,
    fullWidth: false,
    padding,
  }

  it('scans the MJML written from the document, and names the block of each finding', async () => {
    const findings = await lintTemplate(visual([{ type: 'spacer', id: 'gap', height: 8 }, button]))
    expect(notCampaign(findings)).toEqual([
      expect.objectContaining({ rule: 'link.empty', part: 'html', blockId: 'cta', line: expect.any(Number) }),
    ])
  })

  it('visual.invalid: document problems with their path and block, and missing reusable blocks', async () => {
    const invalid = await lintTemplate(visual([{ ...button, href: 'javascript:alert(1)' }]))
    expect(invalid).toContainEqual({
      rule: 'visual.invalid',
      severity: 'error',
      message: 'An address starts with https://, http://, mailto:, tel: or a {{variable}}.',
      part: 'html',
      path: 'blocks.0.href',
      blockId: 'cta',
    })
    const missing = await lintTemplate(
      visual([{ type: 'blockRef', id: 'footer', blockId: '01HZX3K5V6W7X8Y9Z0A1B2C3D4' }]),
    )
    expect(missing).toContainEqual(
      expect.objectContaining({ rule: 'visual.invalid', path: 'blocks.0', blockId: 'footer' }),
    )
  })
})

describe('campaign rules (the pre-flight’s own check)', () => {
  const campaignRules = (source: string, text: string) =>
    lintCompiled({ ...clean, source, text }, { html: source, markup: source, errors: [] })
      .map((f) => f.rule)
      .filter((rule) => rule.startsWith('campaign.'))
  const footer = '<p><a href="{{unsubscribeUrl}}">Unsubscribe</a> · {{postalAddress}}</p>'

  it('finds nothing in campaign mail with a visible unsubscribe link and {{postalAddress}} in both parts', () => {
    expect(campaignRules(footer, 'Unsubscribe: {{unsubscribeUrl}} · {{postalAddress}}')).toEqual([])
  })

  it('names the unsubscribe link and the postal address when they are missing or hidden', () => {
    expect(campaignRules('<p>Hi</p>', 'Hi')).toEqual(['campaign.unsubscribe_link', 'campaign.postal_address'])
    const hidden = '<p><a href="{{unsubscribeUrl}}" style="font-size:0">Unsubscribe</a> {{postalAddress}}</p>'
    expect(campaignRules(hidden, '{{unsubscribeUrl}} {{postalAddress}}')).toEqual([
      'campaign.unsubscribe_link',
    ])
    expect(campaignRules(footer, 'Unsubscribe: {{unsubscribeUrl}}')).toEqual(['campaign.postal_address'])
  })

  it('never asks sample data for the variables the campaign fills in', () => {
    const findings = lintCompiled(
      {
        ...clean,
        subject: 'News from {{organizationName}}',
        source: footer,
        text: '{{unsubscribeUrl}} {{postalAddress}}',
        sampleData: {},
      },
      { html: footer, markup: footer, errors: [] },
    )
    expect(findings).toEqual([])
  })
})
