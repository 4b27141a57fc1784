import { describe, expect, it } from 'vitest'
import { keepsAttribute, tagTreatment } from './raw-html-measure'

describe('the inert copy a raw HTML block is measured with', () => {
  it('keeps layout tags, drops what runs or loads, unwraps the rest, and boxes images', () => {
    for (const tag of ['ol', 'LI', 'table', 'td', 'p', 'h2', 'a', 'span'])
      expect(tagTreatment(tag)).toBe('keep')
    for (const tag of [
      'script',
      'STYLE',
      'iframe',
      'object',
      'embed',
      'link',
      'meta',
      'svg',
      'video',
      'form',
    ])
      expect(tagTreatment(tag)).toBe('drop')
    for (const tag of ['custom-element', 'body', 'html', 'article']) expect(tagTreatment(tag)).toBe('unwrap')
    expect(tagTreatment('IMG')).toBe('image')
  })

  it('keeps only layout attributes, never sources, links or handlers', () => {
    expect(keepsAttribute('style', 'margin:0;padding:0 24px;color:#0f766e')).toBe(true)
    expect(keepsAttribute('width', '600')).toBe(true)
    expect(keepsAttribute('colspan', '2')).toBe(true)
    for (const name of ['src', 'href', 'srcset', 'onload', 'onerror', 'background', 'action', 'xlink:href'])
      expect(keepsAttribute(name, 'x')).toBe(false)
  })

  it('drops inline styles that could fetch or run something', () => {
    for (const style of [
      'background:url(https://tracker.example/p.gif)',
      'background-image: URL ( "x" )',
      'background-image:image-set("a.png" 1x)',
      'width: expression(alert(1))',
      'behavior: url(x.htc)',
      '-moz-binding: url(x.xml#y)',
    ])
      expect(keepsAttribute('style', style)).toBe(false)
  })
})
