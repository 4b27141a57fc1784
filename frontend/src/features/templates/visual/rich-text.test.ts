import type { Paragraph } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { paragraphsToTiptap, sameParagraphs, tiptapToParagraphs } from './rich-text'

const paragraphs: Paragraph[] = [
  {
    runs: [
      { type: 'text', text: 'Hello ', bold: false, italic: false, href: null },
      { type: 'text', text: '{{firstName}}', bold: true, italic: false, href: null },
      { type: 'break' },
      { type: 'text', text: 'read more', bold: false, italic: true, href: 'https://example.com' },
    ],
  },
  { runs: [] },
]

describe('rich text mapping', () => {
  it('maps paragraphs to Tiptap JSON with marks and hard breaks', () => {
    expect(paragraphsToTiptap(paragraphs)).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hello ' },
            { type: 'text', text: '{{firstName}}', marks: [{ type: 'bold' }] },
            { type: 'hardBreak' },
            {
              type: 'text',
              text: 'read more',
              marks: [{ type: 'italic' }, { type: 'link', attrs: { href: 'https://example.com' } }],
            },
          ],
        },
        { type: 'paragraph' },
      ],
    })
  })

  it('round-trips', () => {
    expect(tiptapToParagraphs(paragraphsToTiptap(paragraphs))).toEqual(paragraphs)
  })

  it('merges runs with the same marks and drops empty text', () => {
    const result = tiptapToParagraphs({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'a', marks: [{ type: 'bold' }] },
            { type: 'text', text: '' },
            { type: 'text', text: 'b', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'c' },
          ],
        },
      ],
    })
    expect(result).toEqual([
      {
        runs: [
          { type: 'text', text: 'ab', bold: true, italic: false, href: null },
          { type: 'text', text: 'c', bold: false, italic: false, href: null },
        ],
      },
    ])
  })

  it('keeps a link only when its address is allowed, and reads extra attributes away', () => {
    const result = tiptapToParagraphs({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            {
              type: 'text',
              text: 'ok',
              marks: [
                { type: 'link', attrs: { href: '{{unsubscribeUrl}}', target: '_blank', rel: 'noopener' } },
              ],
            },
          ],
        },
      ],
    })
    expect(result[0]?.runs).toEqual([
      { type: 'text', text: 'bad', bold: false, italic: false, href: null },
      { type: 'text', text: 'ok', bold: false, italic: false, href: '{{unsubscribeUrl}}' },
    ])
  })

  it('keeps one empty paragraph for an emptied editor', () => {
    expect(tiptapToParagraphs({ type: 'doc', content: [] })).toEqual([{ runs: [] }])
    expect(tiptapToParagraphs({ type: 'doc' })).toEqual([{ runs: [] }])
    expect(sameParagraphs([{ runs: [] }], tiptapToParagraphs({ type: 'doc' }))).toBe(true)
  })
})
