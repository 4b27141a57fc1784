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
      '<p style="color:red; visibility: hidden"><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>',
      '<a href="https://shown.test">Shown</a>',
    ].join('')
    expect(visibleLinks(html)).toEqual([{ href: 'https://shown.test', text: 'Shown' }])
  })

  it('reads a link inside a zero-font-size row whose column sets its own size (the MJML layout)', () => {
    const html =
      '<div style="font-size:0px;text-align:left;"><div class="mj-column-per-100" style="font-size:0px;display:inline-block;width:100%;"><div style="font-family:Arial;font-size:13px;color:#555;"><a href="{{unsubscribeUrl}}">Unsubscribe</a></div></div></div>'
    expect(visibleLinks(html)).toEqual([{ href: '{{unsubscribeUrl}}', text: 'Unsubscribe' }])
  })

  it('gives no text to a link whose own text is sized to zero, hidden or transparent', () => {
    const html = [
      '<div style="font-size:13px"><a href="{{unsubscribeUrl}}" style="font-size: 0px !important">Unsubscribe</a></div>',
      '<div style="font-size:0"><a href="{{unsubscribeUrl}}">Unsubscribe</a></div>',
      '<p style="font-size:13px"><a href="{{unsubscribeUrl}}"><span style="font-size:0pt">Unsubscribe</span></a></p>',
      '<div style="font-size:0px"><div style="font-size:13px;display:none"><a href="{{unsubscribeUrl}}">Unsubscribe</a></div></div>',
      '<div style="opacity:0"><p style="font-size:16px"><a href="{{unsubscribeUrl}}">Unsubscribe</a></p></div>',
    ].join('')
    expect(visibleLinks(html).filter((link) => link.text !== '')).toEqual([])
  })

  it('reads a linked image by its alt text even in a zero-font-size row', () => {
    expect(
      visibleLinks(
        '<div style="font-size:0px"><a href="{{unsubscribeUrl}}"><img alt="Unsubscribe"></a></div>',
      ),
    ).toEqual([{ href: '{{unsubscribeUrl}}', text: 'Unsubscribe' }])
  })

  it('gives an empty text to a link with nothing to read', () => {
    expect(visibleLinks('<a href="{{unsubscribeUrl}}">  </a>')).toEqual([
      { href: '{{unsubscribeUrl}}', text: '' },
    ])
  })
})
