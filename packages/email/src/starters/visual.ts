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
      text: '{{organizationName}}',
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
            ? 'You receive this email because you subscribed to news from {{organizationName}}.\n[Unsubscribe]({{unsubscribeUrl}}) · {{postalAddress}}'
            : 'Sent by {{organizationName}} · {{postalAddress}}{{#if unsubscribeUrl}}\n[Unsubscribe]({{unsubscribeUrl}}){{/if}}',
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

const SITE = 'https://www.your-company.example'
const SUPPORT = 'support@your-company.example'

export const welcomeVisual = visualLayout('Your account is ready: here is how to get started.', [
  title('Welcome, {{firstName}}!'),
  text('intro', [
    'Your {{organizationName}} account is ready. Three steps get most teams going in under ten minutes:',
  ]),
  html(
    'steps',
    `<ol style="margin: 0; padding-left: 20px; font-size: 16px; line-height: 1.6;">
  <li>Connect your first project.</li>
  <li>Invite the people you work with.</li>
  <li>Set up the alerts you care about.</li>
</ol>`,
  ),
  button('Open your dashboard', `${SITE}/dashboard`),
  muted('help', `Questions? Reply to this email or write to [${SUPPORT}](mailto:${SUPPORT}).`),
])

export const verifyEmailVisual = visualLayout('One click to confirm your address.', [
  title('Confirm your email address'),
  text('intro', [
    'Hi {{firstName}}, please confirm that this is your address so we can keep your {{organizationName}} account secure.',
  ]),
  button('Confirm email address', `${SITE}/verify`),
  text('code', ['Or enter this code: **482 913**']),
  muted(
    'note',
    'The link and code expire in 24 hours. If you did not create an account, you can ignore this email.',
  ),
])

export const passwordResetVisual = visualLayout('Use this link to choose a new password.', [
  title('Reset your password'),
  text('intro', [
    'Hi {{firstName}}, we received a request to reset the password of your {{organizationName}} account.',
  ]),
  button('Choose a new password', `${SITE}/reset`),
  text('expiry', ['This link expires in 30 minutes and can be used once.']),
  muted('note', 'If it was not you, ignore this email: your password stays the same.'),
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

export const receiptVisual = visualLayout('Thanks for your payment of $52.80.', [
  title('Thanks for your payment'),
  text('intro', ['Hi, here is your receipt for March 3, 2025.']),
  html(
    'items',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse: collapse; font-size: 15px; line-height: 1.5;">
  <tr>
    <th align="left" ${ROW}>Item</th>
    <th align="right" ${ROW}>Qty</th>
    <th align="right" ${ROW}>Amount</th>
  </tr>
  <tr>
    <td ${ROW}>Team plan (monthly)</td>
    <td align="right" ${ROW}>1</td>
    <td align="right" ${ROW}>$40.00</td>
  </tr>
  <tr>
    <td ${ROW}>Extra seats</td>
    <td align="right" ${ROW}>2</td>
    <td align="right" ${ROW}>$8.00</td>
  </tr>
</table>`,
  ),
  totalRow('tax', 'Tax', '$4.80', false),
  totalRow('total', 'Total paid', '$52.80', true),
  muted('paid-with', 'Paid with Visa ending 4242 · Receipt R-2025-0042'),
  button('Download the invoice (PDF)', `${SITE}/invoices/R-2025-0042.pdf`),
])

export const newsletterVisual = visualLayout(
  'This month we made dashboards load twice as fast and added three integrations.',
  [
    text('date', ['March 2025'], { color: PALETTE.muted, fontSize: 13 }),
    title('Faster dashboards'),
    text('intro', [
      'Hi {{firstName}}, this month we made dashboards load twice as fast and added three integrations.',
    ]),
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
      `<h2 style="font-size: 19px; line-height: 1.35; margin: 0 0 4px;"><a href="${SITE}/blog/faster-dashboards" style="text-decoration: none;">Dashboards in half the time</a></h2>
<p style="margin: 0 0 20px; font-size: 16px; line-height: 1.6;">How we cut load times by caching queries close to your data. <a href="${SITE}/blog/faster-dashboards">Read more</a></p>
<h2 style="font-size: 19px; line-height: 1.35; margin: 0 0 4px;"><a href="${SITE}/blog/integrations" style="text-decoration: none;">New: GitHub, Linear and PagerDuty</a></h2>
<p style="margin: 0 0 20px; font-size: 16px; line-height: 1.6;">Connect the tools your team already uses in two clicks. <a href="${SITE}/blog/integrations">Read more</a></p>`,
    ),
  ],
  true,
)

const white = (id: string, line: string, fontSize = 16): ContentBlock =>
  text(id, [line], { color: '#ffffff', fontSize, align: 'center' })

export const announcementVisual = visualLayout(
  'Automate the busywork between your tools.',
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
            title('Workflows', { color: '#ffffff', align: 'center' }),
            white('tagline', 'Automate the busywork between your tools.'),
          ],
        },
      ],
      backgroundColor: PALETTE.brand,
      padding: padding(28, 0, 28, 0),
    },
    text('intro', ['Hi {{firstName}}, here is what Workflows brings:']),
    html(
      'highlights',
      `<ul style="margin: 0; padding-left: 20px; font-size: 16px; line-height: 1.6;">
  <li style="margin-bottom: 6px;">Trigger on any event, from a deploy to a new signup.</li>
  <li style="margin-bottom: 6px;">Chain steps across GitHub, Slack and email.</li>
  <li style="margin-bottom: 6px;">See every run, with retries when a step fails.</li>
</ul>`,
    ),
    button('Try Workflows', `${SITE}/workflows`),
  ],
  true,
)
