import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import mjml from 'mjml'
import mjmlBrowser from 'mjml-browser'
import { describe, expect, it } from 'vitest'
import { compileTemplate as compileInBrowser } from '../browser'
import { compileTemplate } from '../index'
import { STARTERS } from '../starters/starters'
import { createCompiler, MJML_OPTIONS, type MjmlRenderer } from './compile'

describe('compileTemplate', () => {
  it('gives the same HTML with mjml (server) and mjml-browser (preview) for every starter', async () => {
    for (const starter of STARTERS) {
      const server = await compileTemplate({ editorType: 'MJML', source: starter.mjml })
      const browser = await compileInBrowser({ editorType: 'MJML', source: starter.mjml })
      expect(server.errors, starter.id).toEqual([])
      expect(browser.html, starter.id).toBe(server.html)
      expect(server.html).toContain('<!doctype html>')
    }
  })

  it('runs the two renderers with the same options, so the comparison is of the renderers alone', async () => {
    const source = STARTERS[0]?.mjml ?? ''
    const [server, browser] = await Promise.all([
      mjml(source, MJML_OPTIONS),
      mjmlBrowser(source, MJML_OPTIONS),
    ])
    expect(browser.html).toBe(server.html)
  })

  it('passes HTML through unchanged', async () => {
    const source = '<p>Hi {{name}}</p><!-- kept -->'
    expect(await compileTemplate({ editorType: 'HTML', source })).toEqual({ html: source, errors: [] })
  })

  it('keeps Handlebars tags through MJML', async () => {
    const source = `<mjml><mj-body><mj-section><mj-column>
      <mj-text>Hi {{firstName}}{{#if vip}}, VIP{{/if}}</mj-text>
      <mj-button href="{{url}}">Go</mj-button>
    </mj-column></mj-section></mj-body></mjml>`
    const { html, errors } = await compileTemplate({ editorType: 'MJML', source })
    expect(errors).toEqual([])
    expect(html).toContain('Hi {{firstName}}{{#if vip}}, VIP{{/if}}')
    expect(html).toContain('href="{{url}}"')
  })

  it('reports MJML errors with their line and still renders (soft validation)', async () => {
    const source =
      '<mjml>\n<mj-body>\n<mj-section>\n<mj-column>\n<mj-text>Hi</mj-text>\n<mj-unknown />\n</mj-column>\n</mj-section>\n</mj-body>\n</mjml>'
    const { html, errors } = await compileTemplate({ editorType: 'MJML', source })
    expect(errors).toEqual([{ line: 6, message: "Element mj-unknown doesn't exist or is not registered" }])
    expect(html).toContain('Hi')
  })

  it('never reads files for mj-include', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'email-')), 'secret.mjml')
    writeFileSync(file, '<mj-section><mj-column><mj-text>secret-4f1c</mj-text></mj-column></mj-section>')
    const source = `<mjml><mj-body><mj-include path="${file}" /></mj-body></mjml>`
    const { html } = await compileTemplate({ editorType: 'MJML', source })
    expect(html).not.toContain('secret-4f1c')
  })

  it('turns a renderer failure into an error instead of throwing', async () => {
    const failing: MjmlRenderer = () => {
      throw new Error('Malformed MJML')
    }
    const compile = createCompiler(async () => failing)
    expect(await compile({ editorType: 'MJML', source: '<p>' })).toEqual({
      html: '',
      errors: [{ line: 1, message: 'Malformed MJML' }],
    })
  })
})
