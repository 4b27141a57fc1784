import { describe, expect, it } from 'vitest'
import { parseVisualDocument, type VisualDocument, visualDocumentSource } from './visual-document'

const padding = { top: 8, right: 24, bottom: 8, left: 24 }
const document: VisualDocument = {
  version: 1,
  preheader: 'Hello',
  styles: {
    backgroundColor: '#f3f4f6',
    contentBackgroundColor: '#ffffff',
    contentWidth: 600,
    fontFamily: 'system',
    textColor: '#1f2937',
    linkColor: '#1d4ed8',
    darkMode: true,
  },
  blocks: [
    {
      type: 'heading',
      id: 'h1',
      text: 'Hi {{firstName}}',
      level: 1,
      align: 'left',
      color: null,
      fontSize: null,
      padding,
    },
    {
      type: 'columns',
      id: 'row',
      backgroundColor: null,
      padding,
      columns: [
        { id: 'c1', width: 50, blocks: [{ type: 'spacer', id: 's1', height: 20 }] },
        { id: 'c2', width: 50, blocks: [] },
      ],
    },
  ],
}

describe('visual documents', () => {
  it('round-trips through its stored form, with colours lower-cased', () => {
    const source = visualDocumentSource({
      ...document,
      styles: { ...document.styles, textColor: '#1F2937' },
    })
    const parsed = parseVisualDocument(source)
    expect(parsed).toEqual({ ok: true, document })
    if (parsed.ok) expect(visualDocumentSource(parsed.document)).toBe(source)
  })

  it('names the path and the block of each problem', () => {
    const bad = structuredClone(document) as unknown as { blocks: Record<string, unknown>[] }
    ;(bad.blocks[0] as Record<string, unknown>).color = 'red'
    const parsed = parseVisualDocument(JSON.stringify(bad))
    expect(parsed).toEqual({
      ok: false,
      issues: [{ message: 'A colour is #rrggbb.', path: 'blocks.0.color', blockId: 'h1' }],
    })
  })

  it('refuses duplicate ids, unknown fields, script links, nested rows and widths not adding to 100', () => {
    const cases: unknown[] = [
      { ...document, blocks: [document.blocks[0], document.blocks[0]] },
      { ...document, extra: true },
      {
        ...document,
        blocks: [
          {
            type: 'button',
            id: 'b',
            text: 'Go',
            href: 'javascript:alert(1)',
            align: 'left',
            backgroundColor: '#000000',
            textColor: '#ffffff',
            fontSize: 16,
            borderRadius: 4,
            fullWidth: false,
            padding,
          },
        ],
      },
      {
        ...document,
        blocks: [
          {
            type: 'columns',
            id: 'r',
            backgroundColor: null,
            padding,
            columns: [{ id: 'c', width: 100, blocks: [document.blocks[1]] }],
          },
        ],
      },
      {
        ...document,
        blocks: [
          {
            type: 'columns',
            id: 'r',
            backgroundColor: null,
            padding,
            columns: [{ id: 'c', width: 60, blocks: [] }],
          },
        ],
      },
    ]
    for (const value of cases) expect(parseVisualDocument(JSON.stringify(value)).ok).toBe(false)
    expect(parseVisualDocument('{').ok).toBe(false)
  })
})
