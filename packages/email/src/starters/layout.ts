/**
 * The frame every starter shares: a system font stack (no web fonts), a light palette with AA contrast and a dark
 * palette for clients that honour `prefers-color-scheme` (Apple Mail, iOS, Outlook for Mac, some Android clients).
 * Colours live here once, so the starters only write their content.
 */
export const PALETTE = {
  page: '#f3f4f6',
  card: '#ffffff',
  text: '#1f2937',
  muted: '#4b5563',
  brand: '#1d4ed8',
  rule: '#e5e7eb',
  darkPage: '#0b1120',
  darkCard: '#111827',
  darkText: '#e5e7eb',
  darkMuted: '#9ca3af',
  darkLink: '#93c5fd',
  darkRule: '#374151',
} as const

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

const head = (preview: string) => `<mj-head>
    <mj-preview>${preview}</mj-preview>
    <mj-raw>
      <meta name="color-scheme" content="light dark">
      <meta name="supported-color-schemes" content="light dark">
    </mj-raw>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="16px" line-height="1.6" color="${PALETTE.text}" padding="8px 32px" />
      <mj-button background-color="${PALETTE.brand}" color="#ffffff" font-size="16px" font-weight="600" border-radius="6px" inner-padding="14px 28px" padding="16px 32px" />
      <mj-section padding="0" />
      <mj-divider border-color="${PALETTE.rule}" border-width="1px" padding="16px 32px" />
      <mj-table font-size="15px" line-height="1.5" color="${PALETTE.text}" padding="8px 32px" />
    </mj-attributes>
    <mj-style>
      :root { color-scheme: light dark; supported-color-schemes: light dark; }
      h1 { font-size: 26px; line-height: 1.3; margin: 0 0 8px; }
      h2 { font-size: 19px; line-height: 1.35; margin: 0 0 4px; }
      a { color: ${PALETTE.brand}; }
      .muted div, .muted a { color: ${PALETTE.muted} !important; }
      @media (prefers-color-scheme: dark) {
        body, .page { background: ${PALETTE.darkPage} !important; }
        .card, .card > table { background: ${PALETTE.darkCard} !important; }
        .card div, .card td, .card th, .card h1, .card h2, .card p, .card li { color: ${PALETTE.darkText} !important; }
        .card a { color: ${PALETTE.darkLink} !important; }
        .card .muted div, .muted div, .muted a { color: ${PALETTE.darkMuted} !important; }
        .card table.rows td { border-color: ${PALETTE.darkRule} !important; }
        .card p[role='separator'] { border-color: ${PALETTE.darkRule} !important; }
      }
    </mj-style>
  </mj-head>`

export type LayoutOptions = {
  /** The inbox preview line, hidden in the message. */
  preview: string
  /** `mj-section`s of the card, between the wordmark and the footer. */
  body: string
  /** Marketing mail carries an unsubscribe link and the sender's postal address (CAN-SPAM). */
  marketing?: boolean
}

export function layout({ preview, body, marketing = false }: LayoutOptions): string {
  // A transactional starter shows the link only when a campaign sends it: mail sent with data from your own
  // code (no `unsubscribeUrl`) still renders, and a campaign built from it passes the pre-flight.
  const footer = marketing
    ? `You receive this email because you subscribed to news from {{organizationName}}.<br />
          <a href="{{unsubscribeUrl}}">Unsubscribe</a> · {{postalAddress}}`
    : `Sent by {{organizationName}} · {{postalAddress}}{{#if unsubscribeUrl}}<br />
          <a href="{{unsubscribeUrl}}">Unsubscribe</a>{{/if}}`
  return `<mjml lang="en">
  ${head(preview)}
  <mj-body background-color="${PALETTE.page}" css-class="page" width="600px">
    <mj-section padding="24px 0 12px">
      <mj-column>
        <mj-text align="center" font-size="20px" font-weight="700" color="${PALETTE.brand}" padding="0 32px" css-class="wordmark">{{organizationName}}</mj-text>
      </mj-column>
    </mj-section>
    <mj-wrapper background-color="${PALETTE.card}" border-radius="8px" padding="24px 0" css-class="card">
${body}
    </mj-wrapper>
    <mj-section padding="16px 0 32px">
      <mj-column>
        <mj-text align="center" font-size="13px" line-height="1.5" color="${PALETTE.muted}" css-class="muted">
          ${footer}
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`
}
