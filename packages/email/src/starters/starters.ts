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

const COMPANY = {
  productName: 'Acme Cloud',
  companyAddress: 'Acme Inc., 100 Market Street, San Francisco, CA 94105',
}

const section = (content: string) => `      <mj-section>
        <mj-column>
${content}
        </mj-column>
      </mj-section>`

const welcome: Starter = {
  id: 'welcome',
  name: 'Welcome',
  description: 'Greets a new user and points to the first three steps.',
  editorType: 'MJML',
  subject: 'Welcome to {{productName}}, {{firstName}}!',
  mjml: layout({
    preview: 'Your account is ready: here is how to get started.',
    body: section(`          <mj-text><h1>Welcome, {{firstName}}!</h1></mj-text>
          <mj-text>Your {{productName}} account is ready. Three steps get most teams going in under ten minutes:</mj-text>
          <mj-text>
            <ol style="margin: 0; padding-left: 20px;">
              <li>Connect your first project.</li>
              <li>Invite the people you work with.</li>
              <li>Set up the alerts you care about.</li>
            </ol>
          </mj-text>
          <mj-button href="{{dashboardUrl}}">Open your dashboard</mj-button>
          <mj-text css-class="muted">Questions? Reply to this email or write to <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>.</mj-text>`),
  }),
  visual: welcomeVisual,
  textStrategy: { kind: 'generated' },
  sampleData: {
    ...COMPANY,
    firstName: 'Maya',
    dashboardUrl: 'https://app.acme.example/dashboard',
    supportEmail: 'support@acme.example',
  },
}

const verifyEmail: Starter = {
  id: 'verify-email',
  name: 'Verify email',
  description: 'Asks a new user to confirm their address with a button and a one-time code.',
  editorType: 'MJML',
  subject: 'Confirm your email address for {{productName}}',
  mjml: layout({
    preview: 'One click to confirm your address.',
    body: section(`          <mj-text><h1>Confirm your email address</h1></mj-text>
          <mj-text>Hi {{firstName}}, please confirm that this is your address so we can keep your {{productName}} account secure.</mj-text>
          <mj-button href="{{verifyUrl}}">Confirm email address</mj-button>
          <mj-text>Or enter this code: <strong style="font-size: 20px; letter-spacing: 3px;">{{code}}</strong></mj-text>
          <mj-text css-class="muted">The link and code expire in {{expiresInHours}} hours. If you did not create an account, you can ignore this email.</mj-text>`),
  }),
  visual: verifyEmailVisual,
  textStrategy: {
    kind: 'custom',
    text: `Confirm your email address

Hi {{firstName}}, please confirm that this is your address so we can keep your {{productName}} account secure.

Confirm: {{verifyUrl}}
Or enter this code: {{code}}

The link and code expire in {{expiresInHours}} hours. If you did not create an account, you can ignore this email.

{{productName}} · {{companyAddress}}
`,
  },
  sampleData: {
    ...COMPANY,
    firstName: 'Maya',
    verifyUrl: 'https://app.acme.example/verify?token=8f14e45f',
    code: '482 913',
    expiresInHours: 24,
  },
}

const passwordReset: Starter = {
  id: 'password-reset',
  name: 'Password reset',
  description: 'Sends a time-limited reset link, with a note for people who did not ask for it.',
  editorType: 'MJML',
  subject: 'Reset your {{productName}} password',
  mjml: layout({
    preview: 'Use this link to choose a new password.',
    body: section(`          <mj-text><h1>Reset your password</h1></mj-text>
          <mj-text>Hi {{firstName}}, we received a request to reset the password of your {{productName}} account.</mj-text>
          <mj-button href="{{resetUrl}}">Choose a new password</mj-button>
          <mj-text>This link expires in {{expiresInMinutes}} minutes and can be used once.</mj-text>
          <mj-text css-class="muted">{{#if requestedFrom}}The request came from {{requestedFrom}}. {{/if}}If it was not you, ignore this email: your password stays the same.</mj-text>`),
  }),
  visual: passwordResetVisual,
  textStrategy: {
    kind: 'custom',
    text: `Reset your password

Hi {{firstName}}, we received a request to reset the password of your {{productName}} account.

Choose a new password: {{resetUrl}}

This link expires in {{expiresInMinutes}} minutes and can be used once.
{{#if requestedFrom}}The request came from {{requestedFrom}}. {{/if}}If it was not you, ignore this email: your password stays the same.

{{productName}} · {{companyAddress}}
`,
  },
  sampleData: {
    ...COMPANY,
    firstName: 'Maya',
    resetUrl: 'https://app.acme.example/reset?token=c9f0f895',
    expiresInMinutes: 30,
    requestedFrom: 'Firefox on Windows, Lisbon, Portugal',
  },
}

const ROW = 'style="padding: 8px 0; border-bottom: 1px solid #e5e7eb;"'

const receipt: Starter = {
  id: 'receipt',
  name: 'Receipt',
  description: 'An itemised payment receipt: one row per line item, totals and a link to the invoice.',
  editorType: 'MJML',
  subject: 'Your {{productName}} receipt {{receipt.number}}',
  mjml: layout({
    preview: 'Thanks for your payment of {{receipt.total}}.',
    body: section(`          <mj-text><h1>Thanks for your payment</h1></mj-text>
          <mj-text>Hi {{customer.name}}, here is your receipt for {{receipt.date}}.</mj-text>
          <mj-table css-class="rows" role="presentation">
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
            <tr>
              <td colspan="2" style="padding: 8px 0;">Tax</td>
              <td align="right" style="padding: 8px 0;">{{receipt.tax}}</td>
            </tr>
            <tr>
              <td colspan="2" style="padding: 8px 0; font-weight: 700;">Total paid</td>
              <td align="right" style="padding: 8px 0; font-weight: 700;">{{receipt.total}}</td>
            </tr>
          </mj-table>
          <mj-text css-class="muted">Paid with {{receipt.paymentMethod}} · Receipt {{receipt.number}}</mj-text>
          <mj-button href="{{receipt.invoiceUrl}}">Download the invoice (PDF)</mj-button>`),
  }),
  visual: receiptVisual,
  textStrategy: { kind: 'generated' },
  sampleData: {
    ...COMPANY,
    customer: { name: 'Maya Patel' },
    receipt: {
      number: 'R-2025-0042',
      date: 'March 3, 2025',
      tax: '$4.80',
      total: '$52.80',
      paymentMethod: 'Visa ending 4242',
      invoiceUrl: 'https://app.acme.example/invoices/R-2025-0042.pdf',
    },
    items: [
      { description: 'Team plan (monthly)', quantity: 1, amount: '$40.00' },
      { description: 'Extra seats', quantity: 2, amount: '$8.00' },
    ],
  },
}

const newsletter: Starter = {
  id: 'newsletter',
  name: 'Newsletter',
  description: 'An issue with an introduction and a list of articles, each with a summary and a link.',
  editorType: 'MJML',
  subject: '{{issue.title}}: {{productName}} newsletter',
  mjml: layout({
    marketing: true,
    preview: '{{issue.intro}}',
    body: `${section(`          <mj-text css-class="muted" font-size="13px" text-transform="uppercase" letter-spacing="1px">{{issue.date}}</mj-text>
          <mj-text><h1>{{issue.title}}</h1></mj-text>
          <mj-text>Hi {{firstName}}, {{issue.intro}}</mj-text>
          <mj-divider />`)}
${section(`          <mj-text>
            {{#each articles}}
            <h2><a href="{{url}}" style="text-decoration: none;">{{title}}</a></h2>
            <p style="margin: 0 0 20px;">{{summary}} <a href="{{url}}">Read more</a></p>
            {{/each}}
          </mj-text>`)}`,
  }),
  visual: newsletterVisual,
  textStrategy: { kind: 'generated' },
  sampleData: {
    ...COMPANY,
    firstName: 'Maya',
    unsubscribeUrl: 'https://app.acme.example/unsubscribe?token=45c48cce',
    issue: {
      title: 'Faster dashboards',
      date: 'March 2025',
      intro: 'this month we made dashboards load twice as fast and added three integrations.',
    },
    articles: [
      {
        title: 'Dashboards in half the time',
        summary: 'How we cut load times by caching queries close to your data.',
        url: 'https://acme.example/blog/faster-dashboards',
      },
      {
        title: 'New: GitHub, Linear and PagerDuty',
        summary: 'Connect the tools your team already uses in two clicks.',
        url: 'https://acme.example/blog/integrations',
      },
    ],
  },
}

const announcement: Starter = {
  id: 'announcement',
  name: 'Announcement',
  description: 'A product launch: a bold headline band, three highlights and one call to action.',
  editorType: 'MJML',
  subject: 'New in {{productName}}: {{feature.name}}',
  mjml: layout({
    marketing: true,
    preview: '{{feature.tagline}}',
    body: `      <mj-section background-color="#1d4ed8" border-radius="6px" padding="28px 0" css-class="band">
        <mj-column>
          <mj-text color="#ffffff" font-size="13px" text-transform="uppercase" letter-spacing="1px" align="center">Just launched</mj-text>
          <mj-text color="#ffffff" align="center"><h1 style="color: #ffffff;">{{feature.name}}</h1></mj-text>
          <mj-text color="#ffffff" align="center">{{feature.tagline}}</mj-text>
        </mj-column>
      </mj-section>
${section(`          <mj-text>Hi {{firstName}}, here is what {{feature.name}} brings:</mj-text>
          <mj-text>
            <ul style="margin: 0; padding-left: 20px;">
              {{#each feature.highlights}}
              <li style="margin-bottom: 6px;">{{this}}</li>
              {{/each}}
            </ul>
          </mj-text>
          <mj-button href="{{feature.url}}">Try {{feature.name}}</mj-button>`)}`,
  }),
  visual: announcementVisual,
  textStrategy: { kind: 'generated' },
  sampleData: {
    ...COMPANY,
    firstName: 'Maya',
    unsubscribeUrl: 'https://app.acme.example/unsubscribe?token=45c48cce',
    feature: {
      name: 'Workflows',
      tagline: 'Automate the busywork between your tools.',
      highlights: [
        'Trigger on any event, from a deploy to a new signup.',
        'Chain steps across GitHub, Slack and email.',
        'See every run, with retries when a step fails.',
      ],
      url: 'https://app.acme.example/workflows',
    },
  },
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
