import { describe, expect, it } from 'vitest'
import { visibleLinks } from './links'

describe('visibleLinks', () => {
  it('finds links with their visible text, Handlebars hrefs kept as written', () => {
    const html =
      '<p>Hi</p><a href="{{unsubscribeUrl}}">Unsubscribe <b>here</b></a><a href="https://x.test"><img alt="Logo"></a>'
    expect(visibleLinks(html)).toEqual([
      { href: '{{unsubscribeUrl}}', text: 'Unsubscribe here' },
      { href: 'https://x.test', text: 'Logo' },
    ])
  })

  it('leaves out links inside hidden elements and in the head', () => {
    const html = [
      '<head><title><a href="{{unsubscribeUrl}}">t</a></title></head>',
      '<div style="display:none"><a href="{{unsubscribeUrl}}">Unsubscribe</a></div>',
      '<span hidden><a href="{{unsubscribeUrl}}">Unsubscribe</a></span>',
      '<a href="{{unsubscribeUrl}}" style="font-size:0">Unsubscribe</a>',
      '<p style="color:red; visibility: hidden"><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>',
      '<a href="https://shown.test">Shown</a>',
    ].join('')
    expect(visibleLinks(html)).toEqual([{ href: 'https://shown.test', text: 'Shown' }])
  })

  it('gives an empty text to a link with nothing to read', () => {
    expect(visibleLinks('<a href="{{unsubscribeUrl}}">  </a>')).toEqual([
      { href: '{{unsubscribeUrl}}', text: '' },
    ])
  })
})
