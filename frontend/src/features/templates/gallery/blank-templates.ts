import { type CreateTemplateBody, type VisualDocument, visualDocumentSource } from '@app/contracts'
import { emptyDocument, padding } from '../visual/new-blocks'

/** 'Blank visual': the same greeting as the blank MJML page, as two blocks to build on. */
export function blankVisualDocument(): VisualDocument {
  return {
    ...emptyDocument(),
    // Empty: whatever is here reaches the inbox (the field's placeholder says what it is for).
    preheader: '',
    blocks: [
      {
        type: 'heading',
        id: 'heading-1',
        text: 'Hello {{firstName}},',
        level: 1,
        align: 'left',
        color: null,
        fontSize: 24,
        padding: { top: 24, right: 24, bottom: 8, left: 24 },
      },
      {
        type: 'text',
        id: 'text-1',
        paragraphs: [
          {
            runs: [{ type: 'text', text: 'Write your email here.', bold: false, italic: false, href: null }],
          },
        ],
        align: 'left',
        color: null,
        fontSize: 16,
        lineHeight: 1.6,
        padding: { ...padding(0, 24), bottom: 24 },
      },
    ],
  }
}

/** 'Blank MJML' and 'Blank HTML': a minimal, valid, responsive frame to write in; 'Blank visual': two blocks. */
export const BLANK_SOURCES = {
  MJML: `<mjml lang="en">
  <mj-head>
    <mj-attributes>
      <mj-all font-family="-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.6" color="#1f2937" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text>
          <h1 style="margin: 0 0 8px; font-size: 24px;">Hello {{firstName}},</h1>
          <p style="margin: 0;">Write your email here.</p>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`,
  HTML: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title></title>
  </head>
  <body style="margin: 0; padding: 24px; background: #f3f4f6; font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width: 600px; margin: 0 auto; background: #ffffff; border-radius: 8px;">
      <tr>
        <td style="padding: 24px; font-size: 16px; line-height: 1.6; color: #1f2937;">
          <h1 style="margin: 0 0 8px; font-size: 24px;">Hello {{firstName}},</h1>
          <p style="margin: 0;">Write your email here.</p>
        </td>
      </tr>
    </table>
  </body>
</html>
`,
  VISUAL: visualDocumentSource(blankVisualDocument()),
} as const

export type BlankKind = keyof typeof BLANK_SOURCES

export function blankTemplateBody(kind: BlankKind, name: string): CreateTemplateBody {
  return {
    name,
    editorType: kind,
    source: BLANK_SOURCES[kind],
    subject: 'Hello {{firstName}}',
    text: { mode: 'generated' },
    sampleData: [{ name: 'Default', data: { firstName: 'Maya' } }],
  }
}

export function isBlankKind(value: string | null): value is BlankKind {
  return value === 'MJML' || value === 'HTML' || value === 'VISUAL'
}
