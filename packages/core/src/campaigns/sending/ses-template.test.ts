import { renderTemplate } from '@app/email'
import { describe, expect, it } from 'vitest'
import { ESCAPED, escapeHtmlVariables, replacementData } from './ses-template'
import { templateVariables } from './variables'

const parts = {
  subject: 'Hello {{firstName}}',
  html: '<p>Hi {{firstName}} {{{lastName}}}</p>{{#if company}}<b>{{company}}</b>{{/if}}{{#each items}}<i>{{name}}</i>{{/each}}<a href="{{unsubscribeUrl}}">Unsubscribe</a>',
  text: 'Hi {{firstName}}, {{unsubscribeUrl}}',
}

describe('the campaign-owned template', () => {
  it('reads top-level variables of the HTML part from the escaped copy, leaving blocks and #each alone', () => {
    expect(escapeHtmlVariables(parts.html)).toBe(
      `<p>Hi {{${ESCAPED}.firstName}} {{{${ESCAPED}.lastName}}}</p>{{#if company}}<b>{{${ESCAPED}.company}}</b>{{/if}}{{#each items}}<i>{{name}}</i>{{/each}}<a href="{{${ESCAPED}.unsubscribeUrl}}">Unsubscribe</a>`,
    )
  })

  it('renders markup in a first name as text in the HTML part and raw in the subject and text parts', () => {
    const firstName = '<a href="https://evil.example/">Click</a>'
    const data = replacementData({
      firstName,
      lastName: '<b>Doe</b>',
      company: 'A & B',
      unsubscribeUrl: 'https://app.example/unsubscribe?a=1&b=2',
    })
    const rendered = renderTemplate(
      { ...parts, html: escapeHtmlVariables(parts.html) },
      { ...data, items: [] },
    )
    expect(rendered.html).toContain('Hi &lt;a href&#61;&quot;https://evil.example/&quot;&gt;Click&lt;/a&gt;')
    expect(rendered.html).toContain('&lt;b&gt;Doe&lt;/b&gt;')
    expect(rendered.html).not.toContain('<a href="https://evil.example/">')
    expect(rendered.html).toContain('<b>A &amp; B</b>')
    expect(rendered.html).toContain('href="https://app.example/unsubscribe?a&#61;1&amp;b&#61;2"')
    expect(rendered.subject).toBe(`Hello ${firstName}`)
    expect(rendered.text).toContain(`Hi ${firstName},`)
  })

  it('lists the data a template reads, outside #each and #with', () => {
    expect(templateVariables(parts)).toEqual(['company', 'firstName', 'items', 'lastName', 'unsubscribeUrl'])
  })
})
