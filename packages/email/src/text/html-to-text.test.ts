import { describe, expect, it } from 'vitest'
import { htmlToText } from './html-to-text'

describe('htmlToText', () => {
  it('writes links as text (url), keeps headings and lists, drops CSS, scripts and images', () => {
    const html = `<html><head><style>p { color: red }</style></head><body>
      <script>alert(1)</script>
      <h1>Welcome aboard</h1>
      <p>Read the <a href="https://example.com/guide">guide</a> first.</p>
      <ul><li>One</li><li>Two</li></ul>
      <img src="https://example.com/logo.png" alt="Logo">
    </body></html>`
    expect(htmlToText(html)).toBe(
      'Welcome aboard\n\nRead the guide (https://example.com/guide) first.\n\n * One\n * Two',
    )
  })

  it('keeps Handlebars tags exactly as written, in text and in links', () => {
    const html =
      '<h2>{{#if vip}}Hello VIP{{/if}}</h2><p>{{#each items}}{{name}} {{/each}}<a href="{{url}}?ref={{ref}}">Open {{productName}}</a></p>'
    expect(htmlToText(html)).toBe(
      '{{#if vip}}Hello VIP{{/if}}\n\n{{#each items}}{{name}} {{/each}}Open {{productName}} ({{url}}?ref={{ref}})',
    )
  })

  it('does not wrap inside a long tag', () => {
    const tag = '{{#if (lookup preferences "weekly digest and other very long names")}}'
    expect(htmlToText(`<p>${'word '.repeat(20)}${tag}</p>`)).toContain(tag)
  })

  it('leaves out hidden preheaders', () => {
    expect(htmlToText('<div style="display:none;max-height:0">Preview line</div><p>Body</p>')).toBe('Body')
  })

  it('puts a table row on one line', () => {
    expect(
      htmlToText('<table><tr><td>Item</td><td>$4.00</td></tr><tr><td>Tax</td><td>$0.40</td></tr></table>'),
    ).toBe('Item $4.00\nTax $0.40')
  })
})
