import type { ContentBlock, Padding, VisualBlock, VisualDocument } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { compileTemplate } from '../index'
import { blockAtLine, visualToMjml } from './visual-to-mjml'

const pad = (top: number, right = top, bottom = top, left = right): Padding => ({ top, right, bottom, left })

const document = (blocks: VisualBlock[], styles: Partial<VisualDocument['styles']> = {}): VisualDocument => ({
  version: 1,
  preheader: 'Your {{plan}} plan & more',
  styles: {
    backgroundColor: '#f3f4f6',
    contentBackgroundColor: '#ffffff',
    contentWidth: 600,
    fontFamily: 'system',
    textColor: '#1f2937',
    linkColor: '#1d4ed8',
    darkMode: false,
    ...styles,
  },
  blocks,
})

const heading: ContentBlock = {
  type: 'heading',
  id: 'title',
  text: 'Hello {{firstName}} & <friends>',
  level: 1,
  align: 'left',
  color: null,
  fontSize: null,
  padding: pad(8, 32),
}
const text: ContentBlock = {
  type: 'text',
  id: 'intro',
  paragraphs: [
    {
      runs: [
        { type: 'text', text: 'Hi {{firstName}}, ', bold: false, italic: false, href: null },
        { type: 'text', text: 'bold', bold: true, italic: false, href: null },
        { type: 'text', text: ' and ', bold: false, italic: false, href: null },
        { type: 'text', text: 'both', bold: true, italic: true, href: null },
        { type: 'break' },
        {
          type: 'text',
          text: 'a <link>',
          bold: false,
          italic: false,
          href: 'https://acme.example/?a=1&b="2"',
        },
      ],
    },
    { runs: [] },
    { runs: [{ type: 'text', text: '{{#if vip}}VIP{{/if}} 1 < 2', bold: false, italic: true, href: null }] },
  ],
  align: 'left',
  color: null,
  fontSize: 16,
  lineHeight: 1.6,
  padding: pad(8, 32),
}
const button: ContentBlock = {
  type: 'button',
  id: 'cta',
  text: 'Open "your" dashboard',
  href: '{{dashboardUrl}}',
  align: 'center',
  backgroundColor: '#1d4ed8',
  textColor: '#ffffff',
  fontSize: 16,
  borderRadius: 6,
  fullWidth: false,
  padding: pad(16, 32),
}
const image: ContentBlock = {
  type: 'image',
  id: 'hero',
  src: 'https://acme.example/hero.png',
  alt: 'A "hero" image',
  width: 320,
  href: 'https://acme.example',
  align: 'center',
  padding: pad(0),
}
const divider: ContentBlock = {
  type: 'divider',
  id: 'rule',
  color: '#e5e7eb',
  thickness: 2,
  style: 'dashed',
  padding: pad(16, 32),
}
const spacer: ContentBlock = { type: 'spacer', id: 'gap', height: 24 }
const social: ContentBlock = {
  type: 'social',
  id: 'social',
  links: [
    { network: 'x', href: 'https://x.com/acme' },
    { network: 'github', href: 'https://github.com/acme' },
    { network: 'tiktok', href: 'https://www.tiktok.com/@acme' },
  ],
  align: 'center',
  iconSize: 24,
  padding: pad(8, 32),
}
const html: ContentBlock = {
  type: 'html',
  id: 'raw',
  html: '<table role="presentation">\n  <tr><td>{{#each items}}{{name}} &amp; co{{/each}}</td></tr>\n</table>',
  padding: pad(8, 32),
}
const columns: VisualBlock = {
  type: 'columns',
  id: 'row',
  backgroundColor: '#eff6ff',
  padding: pad(8, 16),
  columns: [
    { id: 'left', width: 33.333, blocks: [{ ...spacer, id: 'left-gap' }] },
    { id: 'right', width: 66.667, blocks: [{ ...button, id: 'right-cta' }] },
  ],
}
const REF = '01HZX3K5V6W7X8Y9Z0A1B2C3D4'
const blockRef: VisualBlock = { type: 'blockRef', id: 'footer', blockId: REF }

async function golden(name: string, value: VisualDocument, resolveBlock?: (id: string) => VisualBlock[]) {
  const result = visualToMjml(value, { resolveBlock })
  await expect(result.mjml).toMatchFileSnapshot(`./__golden__/${name}.mjml`)
  const compiled = await compileTemplate({ editorType: 'MJML', source: result.mjml })
  expect(compiled.errors).toEqual([])
  await expect(compiled.html).toMatchFileSnapshot(`./__golden__/${name}.html`)
  return { ...result, html: compiled.html }
}

const linesOf = (
  mjml: string,
  blockLines: { blockId: string; startLine: number; endLine: number }[],
  id: string,
) => {
  const entry = blockLines.find((item) => item.blockId === id)
  if (!entry) throw new Error(`no lines for ${id}`)
  return mjml
    .split('\n')
    .slice(entry.startLine - 1, entry.endLine)
    .join('\n')
}

describe('visualToMjml', () => {
  it('heading: the level as hN at its default size, text escaped, variables kept', async () => {
    const { mjml, html } = await golden(
      'heading',
      document([
        heading,
        { ...heading, id: 'h3', level: 3, fontSize: 40, color: '#111111', align: 'center' },
      ]),
    )
    expect(mjml).toContain(
      '<h1 style="margin:0;font-size:28px;line-height:1.3;font-weight:700">Hello {{firstName}} &amp; &lt;friends&gt;</h1>',
    )
    expect(mjml).toContain('align="center" color="#111111"')
    expect(mjml).toContain('font-size:40px')
    expect(html).toContain('Hello {{firstName}} &amp; &lt;friends&gt;')
  })

  it('text: one p per paragraph, runs as strong/em/a/br, an empty paragraph as &nbsp;, Handlebars blocks kept', async () => {
    const { mjml, blockLines } = await golden('text', document([text]))
    const lines = linesOf(mjml, blockLines, 'intro')
    expect(lines).toContain(
      '<p style="margin:0 0 16px">Hi {{firstName}}, <strong>bold</strong> and <strong><em>both</em></strong><br /><a href="https://acme.example/?a=1&amp;b=&quot;2&quot;" style="color:#1d4ed8">a &lt;link&gt;</a></p>',
    )
    expect(lines).toContain('<p style="margin:0 0 16px">&nbsp;</p>')
    expect(lines).toContain('<p style="margin:0"><em>{{#if vip}}VIP{{/if}} 1 &lt; 2</em></p>')
    expect(lines).toContain('font-size="16px" line-height="1.6" padding="8px 32px 8px 32px"')
  })

  it('button: href, colours, radius, alignment; full width when asked', async () => {
    const { mjml } = await golden('button', document([button, { ...button, id: 'wide', fullWidth: true }]))
    expect(mjml).toContain(
      '<mj-button href="{{dashboardUrl}}" background-color="#1d4ed8" color="#ffffff" font-size="16px"',
    )
    expect(mjml).toContain('>Open "your" dashboard</mj-button>')
    expect(mjml.match(/width="100%"/g)).toHaveLength(1)
  })

  it('image: src, escaped alt, width and link', async () => {
    const { mjml } = await golden(
      'image',
      document([image, { ...image, id: 'plain', width: null, href: null, alt: '' }]),
    )
    expect(mjml).toContain(
      '<mj-image src="https://acme.example/hero.png" alt="A &quot;hero&quot; image" width="320px" href="https://acme.example" align="center" padding="0px 0px 0px 0px" />',
    )
    expect(mjml).toContain('<mj-image src="https://acme.example/hero.png" alt="" align="center"')
  })

  it('divider and spacer', async () => {
    const { mjml } = await golden('divider-spacer', document([divider, spacer]))
    expect(mjml).toContain(
      '<mj-divider border-color="#e5e7eb" border-width="2px" border-style="dashed" padding="16px 32px 16px 32px" />',
    )
    expect(mjml).toContain('<mj-spacer height="24px" />')
  })

  it('social: profile links (no share dialog), X as MJML 5 names it, TikTok on the generic icon', async () => {
    const { mjml, html } = await golden('social', document([social]))
    expect(mjml).toContain('name="x-noshare" href="https://x.com/acme"')
    expect(mjml).toContain('name="github-noshare"')
    expect(mjml).toContain('name="web-noshare" href="https://www.tiktok.com/@acme" alt="TikTok"')
    expect(html).toContain('href="https://x.com/acme"')
    expect(html).not.toContain('sharer')
  })

  it('html: the raw HTML as written, on its own lines', async () => {
    const { mjml, blockLines } = await golden('html', document([html]))
    expect(linesOf(mjml, blockLines, 'raw')).toContain(html.type === 'html' ? html.html : '')
  })

  it('columns: a section of its own, one column per width, blocks before and after in their own sections', async () => {
    const { mjml, blockLines } = await golden('columns', document([heading, columns, text]))
    expect(mjml.match(/<mj-section/g)).toHaveLength(3)
    expect(mjml).toContain('<mj-section background-color="#eff6ff" padding="8px 16px 8px 16px">')
    expect(mjml).toContain('<mj-column width="33.33%">')
    expect(mjml).toContain('<mj-column width="66.67%">')
    const row = blockLines.find((entry) => entry.blockId === 'row')
    const right = blockLines.find((entry) => entry.blockId === 'right')
    const cta = blockLines.find((entry) => entry.blockId === 'right-cta')
    expect(row && right && cta).toBeTruthy()
    if (!row || !right || !cta) return
    expect(row.startLine).toBeLessThan(right.startLine)
    expect(right.endLine).toBeLessThan(row.endLine)
    expect(blockAtLine(blockLines, cta.startLine)).toBe('right-cta')
    expect(blockAtLine(blockLines, right.startLine)).toBe('right')
    expect(blockAtLine(blockLines, row.startLine)).toBe('row')
    expect(blockAtLine(blockLines, 1)).toBeUndefined()
  })

  it('columns without a background take the content background', () => {
    const { mjml } = visualToMjml(document([{ ...columns, backgroundColor: null }]))
    expect(mjml).toContain('<mj-section background-color="#ffffff" padding="8px 16px 8px 16px">')
  })

  it('blockRef: the reusable block written where it stands, its lines the reference’s', async () => {
    const fragment: VisualBlock[] = [
      { ...divider, id: 'title' },
      { ...spacer, id: 'x' },
    ]
    const { mjml, blockLines, errors } = await golden(
      'block-ref',
      document([heading, blockRef, button]),
      (id) => (id === REF ? fragment : []),
    )
    expect(errors).toEqual([])
    expect(mjml.match(/<mj-section/g)).toHaveLength(1)
    expect(linesOf(mjml, blockLines, 'footer')).toContain('<mj-divider')
    // The fragment's own ids are not the document's: 'title' is still the heading alone.
    expect(blockLines.filter((entry) => entry.blockId === 'title')).toHaveLength(1)
    expect(linesOf(mjml, blockLines, 'title')).toContain('<h1')
    expect(blockLines.some((entry) => entry.blockId === 'x')).toBe(false)
  })

  it('blockRef: a missing reusable block is an error and writes nothing; a nested one too', () => {
    const missing = visualToMjml(document([heading, blockRef]), { resolveBlock: () => undefined })
    expect(missing.errors).toEqual([
      { message: `The reusable block ${REF} does not exist or was deleted.`, blockId: 'footer' },
    ])
    expect(missing.blockLines.map((entry) => entry.blockId)).toEqual(['title'])
    expect(visualToMjml(document([blockRef])).errors).toHaveLength(1)
    const nested = visualToMjml(document([blockRef]), { resolveBlock: () => [{ ...blockRef, id: 'inner' }] })
    expect(nested.errors[0]?.message).toMatch(/holds another reusable block/)
    expect(nested.mjml).not.toContain('mj-column')
  })

  it('a whole document: every block type, its head (preview, fonts, colours) and a line for every block', async () => {
    const value = document([heading, text, image, button, columns, divider, spacer, social, html], {
      fontFamily: 'georgia',
      contentWidth: 640,
    })
    const { mjml, blockLines, html: output } = await golden('document', value)
    expect(mjml).toContain('<mj-preview>Your {{plan}} plan &amp; more</mj-preview>')
    expect(mjml).toContain('<mj-all font-family="Georgia, Times, serif" />')
    expect(mjml).toContain('<mj-text color="#1f2937" />')
    expect(mjml).toContain('a { color: #1d4ed8; }')
    expect(mjml).toContain('<mj-body background-color="#f3f4f6" width="640px">')
    expect(mjml).not.toContain('prefers-color-scheme')
    expect(blockLines.map((entry) => entry.blockId).sort()).toEqual(
      [
        'title',
        'intro',
        'hero',
        'cta',
        'row',
        'left',
        'left-gap',
        'right',
        'right-cta',
        'rule',
        'gap',
        'social',
        'raw',
      ].sort(),
    )
    expect(output).toContain('{{dashboardUrl}}')
    expect(output).toContain('{{#each items}}')
  })

  it('dark mode: color-scheme meta, dark colours, classes for the page, the content and the text on them', async () => {
    const band: VisualBlock = {
      ...columns,
      id: 'band',
      backgroundColor: '#1d4ed8',
      columns: [{ id: 'only', width: 100, blocks: [{ ...heading, id: 'white', color: '#ffffff' }] }],
    }
    const value = document(
      [
        heading,
        { ...heading, id: 'muted', color: '#4b5563' },
        text,
        { ...columns, backgroundColor: '#f3f4f6' },
        band,
      ],
      { darkMode: true },
    )
    const { mjml, blockLines, html: output } = await golden('dark-mode', value)
    expect(mjml).toContain('<meta name="color-scheme" content="light dark">')
    expect(mjml).toContain('@media (prefers-color-scheme: dark)')
    expect(mjml).toContain('<mj-body background-color="#f3f4f6" width="600px" css-class="page">')
    expect(mjml).toContain('<mj-section background-color="#ffffff" padding="0" css-class="content">')
    // Text on a background that turns dark turns light, whatever its colour (a grey would be unreadable) …
    expect(linesOf(mjml, blockLines, 'title')).toContain('css-class="text"')
    expect(linesOf(mjml, blockLines, 'muted')).toContain('css-class="text"')
    // … a row on the page background goes dark with the page, and a coloured band keeps its colours.
    expect(mjml).toContain(
      '<mj-section background-color="#f3f4f6" padding="8px 16px 8px 16px" css-class="page">',
    )
    expect(mjml).toContain('<mj-section background-color="#1d4ed8" padding="8px 16px 8px 16px">')
    expect(linesOf(mjml, blockLines, 'white')).not.toContain('css-class')
    expect(output).toContain('prefers-color-scheme: dark')
  })
})
