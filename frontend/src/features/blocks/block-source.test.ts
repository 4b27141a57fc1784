import {
  blockFragmentSource,
  includedBlockIds,
  parseBlockFragment,
  parseVisualDocument,
} from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { createBlock } from '../templates/visual/new-blocks'
import { blockPreviewSource, documentAsFragment, fragmentAsDocument, starterSource } from './block-source'

describe('VISUAL blocks as documents', () => {
  it('a fragment becomes a whole document and comes back unchanged', () => {
    const fragment = starterSource('VISUAL')
    const document = fragmentAsDocument(fragment)
    expect(document).toBeDefined()
    const parsed = parseVisualDocument(document as string)
    expect(parsed.ok).toBe(true)
    expect(documentAsFragment(document as string)).toBe(fragment)
  })

  it('keeps several blocks and their order', () => {
    const taken = new Set<string>()
    const blocks = [
      createBlock('heading', taken),
      createBlock('divider', taken),
      createBlock('button', taken),
    ]
    const fragment = blockFragmentSource({ version: 1, blocks })
    const document = fragmentAsDocument(fragment)
    expect(document).toBeDefined()
    const stored = documentAsFragment(document as string)
    expect(stored).toBe(fragment)
    const back = parseBlockFragment(stored as string)
    expect(back.ok && back.fragment.blocks.map((block) => block.type)).toEqual([
      'heading',
      'divider',
      'button',
    ])
  })

  it('refuses what is not a fragment, and a document without blocks', () => {
    expect(fragmentAsDocument('not json')).toBeUndefined()
    expect(fragmentAsDocument('{"version":1,"blocks":[]}')).toBeUndefined()
    const empty = fragmentAsDocument(starterSource('VISUAL'))?.replace(
      /"blocks": \[[\s\S]*\]\n}/,
      '"blocks": []}',
    )
    expect(empty && documentAsFragment(empty)).toBeUndefined()
  })
})

describe('starterSource', () => {
  it('a VISUAL starter is a valid fragment', () => {
    const parsed = parseBlockFragment(starterSource('VISUAL'))
    expect(parsed.ok).toBe(true)
    expect(parsed.ok && parsed.fragment.blocks).toHaveLength(1)
  })

  it('MJML and HTML starters include no other block and preview as a whole email', () => {
    for (const type of ['MJML', 'HTML'] as const) {
      const source = starterSource(type)
      expect(includedBlockIds(source)).toEqual([])
      expect(source).toContain('Your company')
    }
    const mjml = blockPreviewSource('MJML', starterSource('MJML'))
    expect(mjml).toMatch(/^<mjml>\n<mj-body>\n<mj-section>/)
    expect(mjml).toMatch(/<\/mj-body>\n<\/mjml>\n$/)
    expect(blockPreviewSource('HTML', starterSource('HTML'))).toBe(starterSource('HTML'))
    expect(parseVisualDocument(blockPreviewSource('VISUAL', starterSource('VISUAL')) ?? '').ok).toBe(true)
  })
})
