import { randomBytes } from 'node:crypto'
import { TEMPLATE_STARTER_IDS } from '@app/contracts'
import { STARTERS } from '@app/email'
import { describe, expect, it } from 'vitest'
import { CONTENT_CHUNK_BYTES, decodeContent, encodeContent, type TemplateContent } from './content'

const content = (source: string): TemplateContent => ({
  source,
  text: { mode: 'generated', custom: null },
  textPart: 'text',
  html: source,
  sampleData: [{ name: 'Default', data: { firstName: 'Maya' } }],
  variables: [],
  lint: [],
})

describe('template content storage', () => {
  it('compresses a typical template into one chunk', () => {
    const chunks = encodeContent(content('<p>Hello {{firstName}}</p>'.repeat(2000)))
    expect(chunks).toHaveLength(1)
    expect(decodeContent(chunks).source).toBe('<p>Hello {{firstName}}</p>'.repeat(2000))
  })

  it('splits incompressible content into chunks under the item limit, and reads it back', () => {
    const source = randomBytes(480 * 1024).toString('base64')
    const chunks = encodeContent(content(source))
    expect(chunks.length).toBeGreaterThan(2)
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(CONTENT_CHUNK_BYTES)
    expect(decodeContent(chunks)).toEqual(content(source))
  })
})

describe('template starters', () => {
  it('the contract lists exactly the starters @app/email has', () => {
    expect([...TEMPLATE_STARTER_IDS].sort()).toEqual(STARTERS.map((starter) => starter.id).sort())
  })
})
