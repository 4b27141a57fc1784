import { describe, expect, it } from 'vitest'
import { compileTemplate } from '../index'
import { layout } from '../starters/layout'
import { campaignProblems, enginePreviewValues, isEngineVariable } from './campaign-checks'

const POSTAL = 'Acme Books, 12 Harbour Road, Bristol'
const codes = (html: string, text: string, sender?: { postalAddress: string }) =>
  campaignProblems({ html, text }, sender).map((problem) => problem.code)

describe('campaignProblems (the editor’s Checks and the pre-flight alike)', () => {
  it('passes MJML whose unsubscribe link sits in a font-size:0px column row', async () => {
    const mjml = layout({ preview: '', body: '', marketing: true })
    const { html } = await compileTemplate({ editorType: 'MJML', source: mjml })
    expect(html).toMatch(/font-size:0px/)
    expect(codes(html, '')).toEqual([])
    expect(codes(html, '', { postalAddress: POSTAL })).toEqual([])
  })

  it('refuses a link whose own text is sized to zero or hidden, and a text part without the link', () => {
    const address = '<p>{{postalAddress}}</p>'
    expect(
      codes(`<p><a href="{{unsubscribeUrl}}" style="font-size:0">Unsubscribe</a></p>${address}`, ''),
    ).toEqual(['unsubscribe_link'])
    expect(
      codes(`<div style="display:none"><a href="{{unsubscribeUrl}}">Unsubscribe</a></div>${address}`, ''),
    ).toEqual(['unsubscribe_link'])
    expect(
      codes(`<a href="{{unsubscribeUrl}}">Unsubscribe</a>${address}`, 'No link {{postalAddress}}'),
    ).toEqual(['unsubscribe_link'])
  })

  it('reads {{postalAddress}} as the campaign’s address, or the address typed as set on the campaign', () => {
    const link = '<a href="{{unsubscribeUrl}}">Unsubscribe</a>'
    const text = 'Unsubscribe: {{unsubscribeUrl}}'
    expect(
      codes(`${link}<p>{{postalAddress}}</p>`, `${text} {{postalAddress}}`, { postalAddress: POSTAL }),
    ).toEqual([])
    expect(
      codes(`${link}<p>Acme Books<br>12 Harbour Road<br>Bristol</p>`, `${text} ${POSTAL}`, {
        postalAddress: POSTAL,
      }),
    ).toEqual([])
    expect(codes(`${link}<p>Elsewhere</p>`, text, { postalAddress: POSTAL })).toEqual(['postal_address'])
    expect(codes(`${link}<p>{{postalAddress}}</p>`, '', { postalAddress: '' })).toEqual(['postal_address'])
    const odd = 'Bâtiment <B> & Co, 1 rue $& Cie'
    expect(
      codes(`${link}<p>{{postalAddress}}</p>`, `${text} {{postalAddress}}`, { postalAddress: odd }),
    ).toEqual([])
    // The editor knows no campaign: it asks for {{postalAddress}}.
    expect(codes(`${link}<p>{{postalAddress}}</p>`, '')).toEqual([])
    expect(codes(`${link}<p>${POSTAL}</p>`, '')).toEqual(['postal_address'])
  })
})

describe('engine variables', () => {
  it('names what the send fills in, and previews it with real-looking values', () => {
    expect(['unsubscribeUrl', 'postalAddress', 'organizationName'].every(isEngineVariable)).toBe(true)
    expect(isEngineVariable('firstName')).toBe(false)
    expect(enginePreviewValues({ origin: 'https://app.test', organizationName: ' ' })).toEqual({
      unsubscribeUrl: 'https://app.test/unsubscribe?test=1',
      postalAddress: expect.stringContaining('Main Street'),
      organizationName: 'Your organization',
    })
  })
})
