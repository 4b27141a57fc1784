import { describe, expect, it } from 'vitest'
import { compileTemplate, lintTemplate } from '../index'
import { expandIncludes, type ResolveInclude, sourceLineOf } from './include'

const HEADER_ID = '01HZX3K5V6W7X8Y9Z0A1B2C3D4'
const HTML_ID = '01HZX3K5V6W7X8Y9Z0A1B2C3D5'
const blocks: ResolveInclude = (id) =>
  id === HEADER_ID
    ? {
        editorType: 'MJML',
        source:
          '<mj-section>\n  <mj-column>\n    <mj-text>Header {{brand}}</mj-text>\n  </mj-column>\n</mj-section>',
      }
    : id === HTML_ID
      ? { editorType: 'HTML', source: '<p>Footer</p>' }
      : undefined

const mjml = (body: string) => `<mjml>\n<mj-body>\n${body}\n</mj-body>\n</mjml>`

describe('include tags', () => {
  it('compose an MJML block into an MJML template, keeping the source lines of what follows', async () => {
    const source = mjml(
      `<!-- block:${HEADER_ID} -->\n<mj-section>\n<mj-column>\n<mj-unknown />\n</mj-column>\n</mj-section>`,
    )
    const result = await compileTemplate({ editorType: 'MJML', source, resolveInclude: blocks })
    expect(result.html).toContain('Header {{brand}}')
    expect(result.markup).not.toContain('block:')
    expect(result.includeLines).toEqual([{ blockId: HEADER_ID, line: 3, startLine: 3, endLine: 7 }])
    // mj-unknown is on line 6 of the source, line 10 of the expanded markup.
    expect(result.errors).toEqual([
      { line: 6, message: "Element mj-unknown doesn't exist or is not registered" },
    ])
  })

  it('compose an HTML block into an HTML template', async () => {
    const result = await compileTemplate({
      editorType: 'HTML',
      source: `<p>Hi</p>\n<!--block:${HTML_ID}-->\n<p>Bye</p>`,
      resolveInclude: blocks,
    })
    expect(result).toMatchObject({ html: '<p>Hi</p>\n<p>Footer</p>\n<p>Bye</p>', errors: [] })
  })

  it('report a missing block, a block of another type and nesting at the tag, as blocking lint errors', async () => {
    const missing = '01HZX3K5V6W7X8Y9Z0A1B2C3D9'
    const source = `<p>Hi</p>\n  <!-- block:${missing} -->\n<!-- block:${HEADER_ID} -->`
    const result = await compileTemplate({ editorType: 'HTML', source, resolveInclude: blocks })
    expect(result.errors).toEqual([
      {
        line: 2,
        column: 3,
        include: missing,
        message: `The reusable block ${missing} does not exist or was deleted.`,
      },
      {
        line: 3,
        column: 1,
        include: HEADER_ID,
        message: `The reusable block ${HEADER_ID} is a MJML block; a HTML template includes only HTML blocks.`,
      },
    ])
    const nested = expandIncludes('HTML', `<!-- block:${HTML_ID} -->`, () => ({
      editorType: 'HTML',
      source: `<!-- block:${HEADER_ID} -->`,
    }))
    expect(nested.errors[0]?.message).toMatch(/includes another reusable block/)

    const findings = await lintTemplate({ editorType: 'HTML', source, subject: 'Hi', text: 'Hi' })
    expect(findings.filter((finding) => finding.rule === 'block.include')).toMatchObject([
      { severity: 'error', line: 2 },
      { severity: 'error', line: 3 },
    ])
  })

  it('map markup lines back to the source lines', () => {
    const lines = [
      { blockId: 'a', line: 2, startLine: 2, endLine: 4 },
      { blockId: 'b', line: 5, startLine: 7, endLine: 7 },
    ]
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((line) => sourceLineOf(lines, line))).toEqual([
      1, 2, 2, 2, 3, 4, 5, 6,
    ])
  })
})
