import { describe, expect, it } from 'vitest'
import { html } from './html'

describe('html', () => {
  it('escapes interpolations but not nested html', () => {
    const name = '<script>alert("x")</script>'
    expect(String(html`<p title="${name}">${name} ${html`<b>ok</b>`}</p>`)).toBe(
      '<p title="&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;">&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; <b>ok</b></p>',
    )
  })

  it('joins arrays and drops empty values', () => {
    expect(String(html`<ul>${['a', 'b'].map((item) => html`<li>${item}</li>`)}${null}${false}</ul>`)).toBe(
      '<ul><li>a</li><li>b</li></ul>',
    )
  })
})
