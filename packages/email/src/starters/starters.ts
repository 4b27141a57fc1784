import type { VisualDocument } from '@app/contracts'
import { htmlToText } from '../text/html-to-text'
import { layout } from './layout'
import {
  announcementVisual,
  newsletterVisual,
  passwordResetVisual,
  receiptVisual,
  verifyEmailVisual,
  welcomeVisual,
} from './visual'

/**
 * `generated`: the text part is `htmlToText` of the compiled HTML (kept in step with every edit);
 * `custom`: a hand-written text part, for short mail where a terse text reads better than a converted one.
 */
export type TextStrategy = { kind: 'generated' } | { kind: 'custom'; text: string }

export type Starter = {
  id: 'welcome' | 'verify-email' | 'password-reset' | 'receipt' | 'newsletter' | 'announcement'
  name: string
  description: string
  editorType: 'MJML'
  subject: string
  mjml: string
  /** The same email as a VISUAL document, for a template created from the starter in the visual editor. */
  visual: VisualDocument
  textStrategy: TextStrategy
  sampleData: Record<string, unknown>
}

/**
 * Every starter sends as a campaign as it comes: of a contact it reads at most `{{firstName}}` (the pre-flight
 * names the contacts without one, and a default fills it in), everything else is what the send fills in itself
 * (`{{organizationName}}`, `{{postalAddress}}`, `{{unsubscribeUrl}}`) or sample content; its sample links go to
 * `.example` addresses, which the Checks name (`link.placeholder`) until they point to the sender's own pages.
 */
const SITE = 'https://www.your-company.example'
const SUPPORT = 'support@your-company.example'

const section = (content: string) => `      <mj-section>
        <mj-column>
${content}
        </mj-column>
      </mj-section>`

/** The text part's footer of the starters with a hand-written one (as `layout`'s, for plain-text readers). */
const TEXT_FOOTER = `{{organizationName}} · {{postalAddress}}
{{#if unsubscribeUrl}}Unsubscribe: {{unsubscribeUrl}}{{/if}}
`

const welcome: Starter = {
  id: 'welcome',
  name: 'Welcome',
  description: 'Greets a new user and points to the first three steps.',
  editorType: 'MJML',
  subject: 'Welcome to {{organizationName}}, {{firstName}}!',
  mjml: layout({
    preview: 'Your account is ready: here is how to get started.',
    body: section(`          <mj-text><h1>Welcome, {{firstName}}!</h1></mj-text>
          <mj-text>Your {{organizationName}} account is ready. Three steps get most teams going in under ten minutes:</mj-text>
          <mj-text>
            <ol style="margin: 0; padding-left: 20px;">
              <li>Connect your first project.</li>
              <li>Invite the people you work with.</li>
              <li>Set up the alerts you care about.</li>
            </ol>
          </mj-text>
          <mj-button href="${SITE}/dashboard">Open your dashboard</mj-button>
          <mj-text css-class="muted">Questions? Reply to this email or write to <a href="mailto:${SUPPORT}">${SUPPORT}</a>.</mj-text>`),
  }),
  visual: welcomeVisual,
  textStrategy: { kind: 'generated' },
  sampleData: { firstName: 'Maya' },
}

const verifyEmail: Starter = {
  id: 'verify-email',
  name: 'Verify email',
  description: 'Asks a new user to confirm their address with a button and a one-time code.',
  editorType: 'MJML',
  subject: 'Confirm your email address for {{organizationName}}',
  mjml: layout({
    preview: 'One click to confirm your address.',
    body: section(`          <mj-text><h1>Confirm your email address</h1></mj-text>
          <mj-text>Hi {{firstName}}, please confirm that this is your address so we can keep your {{organizationName}} account secure.</mj-text>
          <mj-button href="${SITE}/verify">Confirm email address</mj-button>
          <mj-text>Or enter this code: <strong style="font-size: 20px; letter-spacing: 3px;">482 913</strong></mj-text>
          <mj-text css-class="muted">The link and code expire in 24 hours. If you did not create an account, you can ignore this email.</mj-text>`),
  }),
  visual: verifyEmailVisual,
  textStrategy: {
    kind: 'custom',
    text: `Confirm your email address

Hi {{firstName}}, please confirm that this is your address so we can keep your {{organizationName}} account secure.

Confirm: ${SITE}/verify
Or enter this code: 482 913

The link and code expire in 24 hours. If you did not create an account, you can ignore this email.

${TEXT_FOOTER}`,
  },
  sampleData: { firstName: 'Maya' },
}

const passwordReset: Starter = {
  id: 'password-reset',
  name: 'Password reset',
  description: 'Sends a time-limited reset link, with a note for people who did not ask for it.',
  editorType: 'MJML',
  subject: 'Reset your {{organizationName}} password',
  mjml: layout({
    preview: 'Use this link to choose a new password.',
    body: section(`          <mj-text><h1>Reset your password</h1></mj-text>
          <mj-text>Hi {{firstName}}, we received a request to reset the password of your {{organizationName}} account.</mj-text>
          <mj-button href="${SITE}/reset">Choose a new password</mj-button>
          <mj-text>This link expires in 30 minutes and can be used once.</mj-text>
          <mj-text css-class="muted">If it was not you, ignore this email: your password stays the same.</mj-text>`),
  }),
  visual: passwordResetVisual,
  textStrategy: {
    kind: 'custom',
    text: `Reset your password

Hi {{firstName}}, we received a request to reset the password of your {{organizationName}} account.

Choose a new password: ${SITE}/reset

This link expires in 30 minutes and can be used once.
If it was not you, ignore this email: your password stays the same.

${TEXT_FOOTER}`,
  },
  sampleData: { firstName: 'Maya' },
}

const ROW = 'style="padding: 8px 0; border-bottom: 1px solid #e5e7eb;"'

const receipt: Starter = {
  id: 'receipt',
  name: 'Receipt',
  description: 'An itemised payment receipt: one row per line item, totals and a link to the invoice.',
  editorType: 'MJML',
  subject: 'Your {{organizationName}} receipt R-2025-0042',
  mjml: layout({
    preview: 'Thanks for your payment of $52.80.',
    body: section(`          <mj-text><h1>Thanks for your payment</h1></mj-text>
          <mj-text>Hi, here is your receipt for March 3, 2025.</mj-text>
          <mj-table css-class="rows" role="presentation">
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
            <tr>
              <td colspan="2" style="padding: 8px 0;">Tax</td>
              <td align="right" style="padding: 8px 0;">$4.80</td>
            </tr>
            <tr>
              <td colspan="2" style="padding: 8px 0; font-weight: 700;">Total paid</td>
              <td align="right" style="padding: 8px 0; font-weight: 700;">$52.80</td>
            </tr>
          </mj-table>
          <mj-text css-class="muted">Paid with Visa ending 4242 · Receipt R-2025-0042</mj-text>
          <mj-button href="${SITE}/invoices/R-2025-0042.pdf">Download the invoice (PDF)</mj-button>`),
  }),
  visual: receiptVisual,
  textStrategy: { kind: 'generated' },
  sampleData: {},
}

const newsletter: Starter = {
  id: 'newsletter',
  name: 'Newsletter',
  description: 'An issue with an introduction and a list of articles, each with a summary and a link.',
  editorType: 'MJML',
  subject: 'Faster dashboards: the {{organizationName}} newsletter',
  mjml: layout({
    marketing: true,
    preview: 'This month we made dashboards load twice as fast and added three integrations.',
    body: `${section(`          <mj-text css-class="muted" font-size="13px" text-transform="uppercase" letter-spacing="1px">March 2025</mj-text>
          <mj-text><h1>Faster dashboards</h1></mj-text>
          <mj-text>Hi {{firstName}}, this month we made dashboards load twice as fast and added three integrations.</mj-text>
          <mj-divider />`)}
${section(`          <mj-text>
            <h2><a href="${SITE}/blog/faster-dashboards" style="text-decoration: none;">Dashboards in half the time</a></h2>
            <p style="margin: 0 0 20px;">How we cut load times by caching queries close to your data. <a href="${SITE}/blog/faster-dashboards">Read more</a></p>
            <h2><a href="${SITE}/blog/integrations" style="text-decoration: none;">New: GitHub, Linear and PagerDuty</a></h2>
            <p style="margin: 0 0 20px;">Connect the tools your team already uses in two clicks. <a href="${SITE}/blog/integrations">Read more</a></p>
          </mj-text>`)}`,
  }),
  visual: newsletterVisual,
  textStrategy: { kind: 'generated' },
  sampleData: { firstName: 'Maya' },
}

const announcement: Starter = {
  id: 'announcement',
  name: 'Announcement',
  description: 'A product launch: a bold headline band, three highlights and one call to action.',
  editorType: 'MJML',
  subject: 'New at {{organizationName}}: Workflows',
  mjml: layout({
    marketing: true,
    preview: 'Automate the busywork between your tools.',
    body: `      <mj-section background-color="#1d4ed8" border-radius="6px" padding="28px 0" css-class="band">
        <mj-column>
          <mj-text color="#ffffff" font-size="13px" text-transform="uppercase" letter-spacing="1px" align="center">Just launched</mj-text>
          <mj-text color="#ffffff" align="center"><h1 style="color: #ffffff;">Workflows</h1></mj-text>
          <mj-text color="#ffffff" align="center">Automate the busywork between your tools.</mj-text>
        </mj-column>
      </mj-section>
${section(`          <mj-text>Hi {{firstName}}, here is what Workflows brings:</mj-text>
          <mj-text>
            <ul style="margin: 0; padding-left: 20px;">
              <li style="margin-bottom: 6px;">Trigger on any event, from a deploy to a new signup.</li>
              <li style="margin-bottom: 6px;">Chain steps across GitHub, Slack and email.</li>
              <li style="margin-bottom: 6px;">See every run, with retries when a step fails.</li>
            </ul>
          </mj-text>
          <mj-button href="${SITE}/workflows">Try Workflows</mj-button>`)}`,
  }),
  visual: announcementVisual,
  textStrategy: { kind: 'generated' },
  sampleData: { firstName: 'Maya' },
}

export const STARTERS: readonly Starter[] = [
  welcome,
  verifyEmail,
  passwordReset,
  receipt,
  newsletter,
  announcement,
]

/** A starter's text part: its own for `custom`, else converted from the compiled HTML. */
export function starterText(starter: Starter, compiledHtml: string): string {
  return starter.textStrategy.kind === 'custom' ? starter.textStrategy.text : htmlToText(compiledHtml)
}
