import { ProductPage, type ProductPageContent } from '../components/product-page'

const content: ProductPageContent = {
  metaTitle: 'Amazon SES template manager',
  metaDescription:
    'Create, edit, preview and test-render Amazon SES email templates in a browser, with reusable blocks and GitHub sync, on your own AWS account.',
  eyebrow: 'Template manager',
  title: 'Manage your Amazon SES templates without the CLI',
  lead: 'SES stores templates as JSON behind an API: no editor, no preview, no history. SES Studio gives them a home in your browser and writes every change straight to the SES account you connect.',
  planNote:
    'Start is free with 5 template actions a month; every paid plan manages templates without a limit.',
  highlights: [
    {
      title: 'Edit subject, HTML and text',
      body: 'All three parts of an SES template side by side. Templates live in your account, up to SES’s own limits of 20,000 per region and 500 KB each.',
    },
    {
      title: 'Preview with real data',
      body: 'Render a template with sample replacement data through SES before you send it, so a missing variable shows up on screen instead of as a silently dropped message.',
    },
    {
      title: 'Reusable blocks',
      body: 'Keep headers, footers and legal lines in one place and reuse them across templates (Team and Team Plus).',
    },
    {
      title: 'GitHub sync',
      offering: 'githubSync',
      body: 'Keep templates in a repository next to the code that sends them, and review changes as pull requests (Solo, Team and Team Plus).',
    },
    {
      title: 'Names SES accepts',
      body: 'Template names follow SES’s rules — letters, digits, underscores and hyphens, at most 64 characters — checked before anything is saved.',
    },
    {
      title: 'Your account, your templates',
      body: 'SES Studio calls SES in your AWS account through a role you create. Delete SES Studio and your templates stay exactly where they are.',
    },
  ],
  stepsTitle: 'From sign-up to a sendable template',
  steps: [
    { title: 'Create your free account', body: 'Email and password, or Google. No credit card.' },
    {
      title: 'Connect your AWS account',
      body: 'Create an IAM role that trusts SES Studio with a unique external ID, as AWS recommends for third-party access.',
    },
    {
      title: 'Import or create templates',
      body: 'Existing SES templates appear as they are; new ones are written to SES when you save.',
    },
    {
      title: 'Send from your code as before',
      body: 'Your application keeps calling SendEmail or SendBulkEmail with the template name — nothing to change in production.',
    },
  ],
  example: {
    title: 'SES template syntax, supported as is',
    caption:
      'SES renders templates with a Handlebars-like syntax: variables, nested paths, #if, #each and #unless. Replacement data is not HTML-escaped by SES, so escape values before you send them.',
    code: `Subject: Your order {{order.id}} has shipped

<p>Hi {{firstName}},</p>
{{#if order.tracking}}
<p>Track it here: <a href="{{order.tracking}}">{{order.carrier}}</a></p>
{{/if}}
<ul>
{{#each order.items}}
  <li>{{quantity}} × {{name}}</li>
{{/each}}
</ul>`,
  },
}

export function Component() {
  return <ProductPage content={content} />
}
