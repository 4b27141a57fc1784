import {
  blockFragmentSource,
  parseBlockFragment,
  parseVisualDocument,
  type TemplateEditorType,
  visualDocumentSource,
} from '@app/contracts'
import { createBlock, emptyDocument } from '../templates/visual/new-blocks'

/**
 * A VISUAL block's fragment (`{ version, blocks }`) as a whole document with the default style, which the visual
 * editor and the preview work on; undefined when the fragment does not parse.
 */
export function fragmentAsDocument(source: string): string | undefined {
  const parsed = parseBlockFragment(source)
  if (!parsed.ok) return undefined
  return visualDocumentSource({ ...emptyDocument(), blocks: parsed.fragment.blocks })
}

/** The blocks of the visual editor's document, stored as the block's fragment (its style is not kept). */
export function documentAsFragment(documentSource: string): string | undefined {
  const parsed = parseVisualDocument(documentSource)
  if (!parsed.ok || parsed.document.blocks.length === 0) return undefined
  return blockFragmentSource({ version: 1, blocks: parsed.document.blocks })
}

/** A new block's starting source: one text block, an MJML section or an HTML table. */
export function starterSource(editorType: TemplateEditorType): string {
  switch (editorType) {
    case 'VISUAL': {
      const heading = createBlock('heading', new Set())
      const named =
        heading.type === 'heading' ? { ...heading, text: 'Your company', align: 'center' as const } : heading
      return blockFragmentSource({ version: 1, blocks: [named] })
    }
    case 'MJML':
      return '<mj-section>\n  <mj-column>\n    <mj-text font-size="20px" align="center">Your company</mj-text>\n  </mj-column>\n</mj-section>\n'
    case 'HTML':
      return '<table role="presentation" width="100%" cellpadding="0" cellspacing="0">\n  <tr>\n    <td style="padding:16px 24px;font-family:Arial,sans-serif;font-size:20px;text-align:center;">Your company</td>\n  </tr>\n</table>\n'
  }
}

/** What the preview compiles: the fragment inside a minimal email of its editor type. */
export function blockPreviewSource(editorType: TemplateEditorType, source: string): string | undefined {
  switch (editorType) {
    case 'VISUAL':
      return fragmentAsDocument(source)
    case 'MJML':
      return `<mjml>\n<mj-body>\n${source}\n</mj-body>\n</mjml>\n`
    case 'HTML':
      return source
  }
}
