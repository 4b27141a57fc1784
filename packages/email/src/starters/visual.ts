import type {
  Align,
  ContentBlock,
  Padding,
  Paragraph,
  TextRun,
  VisualBlock,
  VisualDocument,
} from '@app/contracts'
import { PALETTE } from './layout'

/**
 * The starters as VISUAL documents: the content and look of their MJML (`layout.ts`), in blocks. The wordmark
 * and the footer are one-column rows on the page background; the card is the content between them.
 */

const padding = (top: number, right: number, bottom: number, left: number): Padding => ({
  top,
  right,
  bottom,
  left,
})
const CARD = padding(8, 32, 8, 32)

/** `**bold**` and `[label](href)` inside a line; everything else plain. */
function runs(line: string): TextRun[] {
  const result: TextRun[] = []
  const pattern = /\*\*(.+?)\*\*|\[(.+?)\]\((.+?)\)/g
  let last = 0
  for (const match of line.matchAll(pattern)) {
    if (match.index > last) {
      result.push({
        type: 'text',
        text: line.slice(last, match.index),
        bold: false,
        italic: false,
        href: null,
      })
    }
    if (match[1]) result.push({ type: 'text', text: match[1], bold: true, italic: false, href: null })
    else result.push({ type: 'text', text: match[2] ?? '', bold: false, italic: false, href: match[3] ?? '' })
    last = match.index + match[0].length
  }
  if (last < line.length) {
    result.push({ type: 'text', text: line.slice(last), bold: false, italic: false, href: null })
  }
  return result
}

/** Paragraphs from lines; `\n` inside a paragraph is a line break. */
function paragraphs(...lines: string[]): Paragraph[] {
  return lines.map((line) => ({
    runs: line
      .split('\n')
      .flatMap((part, index) => (index ? [{ type: 'break' as const }, ...runs(part)] : runs(part))),
  }))
}

type TextOptions = { color?: string; fontSize?: number; align?: Align; padding?: Padding }

const text = (id: string, lines: string[], options: TextOptions = {}): ContentBlock => ({
  type: 'text',
  id,
  paragraphs: paragraphs(...lines),
  align: options.align ?? 'left',
  color: options.color ?? null,
  fontSize: options.fontSize ?? 16,
  lineHeight: 1.6,
  padding: options.padding ?? CARD,
})

const muted = (id: string, line: string): ContentBlock => text(id, [line], { color: PALETTE.muted })

const title = (value: string, options: { color?: string; align?: Align } = {}): ContentBlock => ({
  type: 'heading',
  id: 'title',
  text: value,
  level: 1,
  align: options.align ?? 'left',
  color: options.color ?? null,
  fontSize: 26,
  padding: CARD,
})

const button = (label: string, href: string): ContentBlock => ({
  type: 'button',
  id: 'cta',
  text: label,
  href,
  align: 'center',
  backgroundColor: PALETTE.brand,
  textColor: '#ffffff',
  fontSize: 16,
  borderRadius: 6,
  fullWidth: false,
  padding: padding(16, 32, 16, 32),
})

const html = (id: string, value: string): ContentBlock => ({ type: 'html', id, html: value, padding: CARD })

const spacer = (id: string, height: number): ContentBlock => ({ type: 'spacer', id, height })

/** A one-column row on the page background (the wordmark, the footer). */
const pageRow = (id: string, blocks: ContentBlock[], rowPadding: Padding): VisualBlock => ({
  type: 'columns',
  id,
  columns: [{ id: `${id}-column`, width: 100, blocks }],
  backgroundColor: PALETTE.page,
  padding: rowPadding,
})

const wordmark = pageRow(
  'header',
  [
    {
      type: 'heading',
      id: 'wordmark',
      text: '{{productName}}',
      level: 2,
      align: 'center',
      color: PALETTE.brand,
      fontSize: 20,
      padding: padding(0, 32, 0, 32),
    },
  ],
  padding(24, 0, 12, 0),
)

const footer = (marketing: boolean): VisualBlock =>
  pageRow(
    'footer',
    [
      text(
        'footer-text',
        [
          marketing
            ? 'You receive this email because you subscribed to {{productName}} news.\n[Unsubscribe]({{unsubscribeUrl}}) · {{companyAddress}}'
            : 'Sent by {{productName}} · {{companyAddress}}',
        ],
        { color: PALETTE.muted, fontSize: 13, align: 'center', padding: padding(0, 32, 0, 32) },
      ),
    ],
    padding(16, 0, 32, 0),
  )

/** The frame around a starter's card: page, wordmark, the card's blocks with room above and below, footer. */
function visualLayout(preheader: string, card: VisualBlock[], marketing = false): VisualDocument {
  return {
    version: 1,
    preheader,
    styles: {
      backgroundColor: PALETTE.page,
      contentBackgroundColor: PALETTE.card,
      contentWidth: 600,
      fontFamily: 'system',
      textColor: PALETTE.text,
      linkColor: PALETTE.brand,
      darkMode: true,
    },
    blocks: [wordmark, spacer('top', 24), ...card, spacer('bottom', 24), footer(marketing)],
  }
}

export const welcomeVisual = visualLayout('Your account is ready: here is how to get started.', [
  title('Welcome, {{firstName}}!'),
  text('intro', [
    'Your {{productName}} account is ready. Three steps get most teams going in under ten minutes:',
  ]),
  html(
    'steps',
    `<ol style="margin: 0; padding-left: 20px; font-size: 16px; line-height: 1.6;">
  <li>Connect your first project.</li>
  <li>Invite the people you work with.</li>
  <li>Set up the alerts you care about.</li>
</ol>`,
  ),
  button('Open your dashboard', '{{dashboardUrl}}'),
  muted('help', 'Questions? Reply to this email or write to [{{supportEmail}}](mailto:{{supportEmail}}).'),
])

export const verifyEmailVisual = visualLayout('One click to confirm your address.', [
  title('Confirm your email address'),
  text('intro', [
    'Hi {{firstName}}, please confirm that this is your address so we can keep your {{productName}} account secure.',
  ]),
  button('Confirm email address', '{{verifyUrl}}'),
  text('code', ['Or enter this code: **{{code}}**']),
  muted(
    'note',
    'The link and code expire in {{expiresInHours}} hours. If you did not create an account, you can ignore this email.',
  ),
])

export const passwordResetVisual = visualLayout('Use this link to choose a new password.', [
  title('Reset your password'),
  text('intro', [
    'Hi {{firstName}}, we received a request to reset the password of your {{productName}} account.',
  ]),
  button('Choose a new password', '{{resetUrl}}'),
  text('expiry', ['This link expires in {{expiresInMinutes}} minutes and can be used once.']),
  muted(
    'note',
    '{{#if requestedFrom}}The request came from {{requestedFrom}}. {{/if}}If it was not you, ignore this email: your password stays the same.',
  ),
])

const ROW = 'style="padding: 8px 0; border-bottom: 1px solid #e5e7eb;"'

/** A receipt total: label and amount side by side. */
const totalRow = (id: string, label: string, amount: string, bold: boolean): VisualBlock => ({
  type: 'columns',
  id,
  columns: [
    {
      id: `${id}-label`,
      width: 70,
      blocks: [text(`${id}-name`, [bold ? `**${label}**` : label], { fontSize: 15 })],
    },
    {
      id: `${id}-amount`,
      width: 30,
      blocks: [text(`${id}-value`, [bold ? `**${amount}**` : amount], { fontSize: 15, align: 'right' })],
    },
  ],
  backgroundColor: null,
  padding: padding(0, 0, 0, 0),
})

export const receiptVisual = visualLayout('Thanks for your payment of {{receipt.total}}.', [
  title('Thanks for your payment'),
  text('intro', ['Hi {{customer.name}}, here is your receipt for {{receipt.date}}.']),
  html(
    'items',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse: collapse; font-size: 15px; line-height: 1.5;">
  <tr>
    <th align="left" ${ROW}>Item</th>
    <th align="right" ${ROW}>Qty</th>
    <th align="right" ${ROW}>Amount</th>
  </tr>
  {{#each items}}
  <tr>
    <td ${ROW}>{{description}}</td>
    <td align="right" ${ROW}>{{quantity}}</td>
    <td align="right" ${ROW}>{{amount}}</td>
  </tr>
  {{/each}}
</table>`,
  ),
  totalRow('tax', 'Tax', '{{receipt.tax}}', false),
  totalRow('total', 'Total paid', '{{receipt.total}}', true),
  muted('paid-with', 'Paid with {{receipt.paymentMethod}} · Receipt {{receipt.number}}'),
  button('Download the invoice (PDF)', '{{receipt.invoiceUrl}}'),
])

export const newsletterVisual = visualLayout(
  '{{issue.intro}}',
  [
    text('date', ['{{issue.date}}'], { color: PALETTE.muted, fontSize: 13 }),
    title('{{issue.title}}'),
    text('intro', ['Hi {{firstName}}, {{issue.intro}}']),
    {
      type: 'divider',
      id: 'rule',
      color: PALETTE.rule,
      thickness: 1,
      style: 'solid',
      padding: padding(16, 32, 16, 32),
    },
    html(
      'articles',
      `{{#each articles}}
<h2 style="font-size: 19px; line-height: 1.35; margin: 0 0 4px;"><a href="{{url}}" style="text-decoration: none;">{{title}}</a></h2>
<p style="margin: 0 0 20px; font-size: 16px; line-height: 1.6;">{{summary}} <a href="{{url}}">Read more</a></p>
{{/each}}`,
    ),
  ],
  true,
)

const white = (id: string, line: string, fontSize = 16): ContentBlock =>
  text(id, [line], { color: '#ffffff', fontSize, align: 'center' })

export const announcementVisual = visualLayout(
  '{{feature.tagline}}',
  [
    {
      type: 'columns',
      id: 'band',
      columns: [
        {
          id: 'band-column',
          width: 100,
          blocks: [
            white('launched', 'Just launched', 13),
            title('{{feature.name}}', { color: '#ffffff', align: 'center' }),
            white('tagline', '{{feature.tagline}}'),
          ],
        },
      ],
      backgroundColor: PALETTE.brand,
      padding: padding(28, 0, 28, 0),
    },
    text('intro', ['Hi {{firstName}}, here is what {{feature.name}} brings:']),
    html(
      'highlights',
      `<ul style="margin: 0; padding-left: 20px; font-size: 16px; line-height: 1.6;">
  {{#each feature.highlights}}
  <li style="margin-bottom: 6px;">{{this}}</li>
  {{/each}}
</ul>`,
    ),
    button('Try {{feature.name}}', '{{feature.url}}'),
  ],
  true,
)
