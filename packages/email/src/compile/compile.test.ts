import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { VisualBlock } from '@app/contracts'
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
    expect(await compileTemplate({ editorType: 'HTML', source })).toEqual({
      html: source,
      markup: source,
      errors: [],
    })
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
      markup: '<p>',
      errors: [{ line: 1, message: 'Malformed MJML' }],
    })
  })
})

const visualSource = (blocks: unknown[]) =>
  `${JSON.stringify({
    version: 1,
    preheader: 'Hi',
    styles: {
      backgroundColor: '#f3f4f6',
      contentBackgroundColor: '#ffffff',
      contentWidth: 600,
      fontFamily: 'arial',
      textColor: '#1f2937',
      linkColor: '#1d4ed8',
      darkMode: true,
    },
    blocks,
  })}`
const padding = { top: 8, right: 32, bottom: 8, left: 32 }
const heading = (id: string, text: string): VisualBlock => ({
  type: 'heading',
  id,
  text,
  level: 1,
  align: 'left',
  color: null,
  fontSize: null,
  padding,
})

describe('compileTemplate (VISUAL)', () => {
  it('writes the document as MJML and compiles it, the same HTML on server and browser', async () => {
    const source = visualSource([heading('title', 'Hello {{firstName}}')])
    const server = await compileTemplate({ editorType: 'VISUAL', source })
    const browser = await compileInBrowser({ editorType: 'VISUAL', source })
    expect(server.errors).toEqual([])
    expect(server.markup).toMatch(/^<mjml lang="en">/)
    expect(server.html).toContain('Hello {{firstName}}')
    expect(server.blockLines?.map((entry) => entry.blockId)).toEqual(['title'])
    expect(browser.html).toBe(server.html)
  })

  it('reports document problems with their path and block, and compiles nothing', async () => {
    const bad = await compileTemplate({
      editorType: 'VISUAL',
      source: visualSource([
        heading('title', 'ok'),
        { ...heading('second', 'x'), color: 'red' } as unknown as VisualBlock,
      ]),
    })
    expect(bad).toEqual({
      html: '',
      markup: '',
      blockLines: [],
      errors: [{ line: 1, message: 'A colour is #rrggbb.', path: 'blocks.1.color', blockId: 'second' }],
    })
    const notJson = await compileTemplate({ editorType: 'VISUAL', source: '{' })
    expect(notJson.errors[0]).toMatchObject({ path: '', message: expect.stringMatching(/not JSON/) })
  })

  it('reports a reference to a missing reusable block at its path, and compiles the rest', async () => {
    const source = visualSource([
      heading('title', 'Hi'),
      { type: 'blockRef', id: 'footer', blockId: '01HZX3K5V6W7X8Y9Z0A1B2C3D4' },
    ])
    const result = await compileTemplate({ editorType: 'VISUAL', source })
    expect(result.errors).toEqual([
      {
        line: 1,
        message: 'The reusable block 01HZX3K5V6W7X8Y9Z0A1B2C3D4 does not exist or was deleted.',
        path: 'blocks.1',
        blockId: 'footer',
      },
    ])
    expect(result.html).toContain('Hi')
    const resolved = await compileTemplate({
      editorType: 'VISUAL',
      source,
      resolveBlock: () => [heading('inner', 'From the block')],
    })
    expect(resolved.errors).toEqual([])
    expect(resolved.html).toContain('From the block')
  })

  it('maps an MJML error to the block on its line', async () => {
    const source = visualSource([heading('title', 'Hi'), heading('second', 'There')])
    const line = (await compileTemplate({ editorType: 'VISUAL', source })).blockLines?.find(
      (entry) => entry.blockId === 'second',
    )?.startLine
    const failing: MjmlRenderer = (mjmlSource) => ({
      html: mjmlSource,
      errors: [{ line: line ?? 0, message: 'mj-text has an invalid attribute' }],
    })
    const result = await createCompiler(async () => failing)({ editorType: 'VISUAL', source })
    expect(result.errors).toEqual([{ line, message: 'mj-text has an invalid attribute', blockId: 'second' }])
  })
})
