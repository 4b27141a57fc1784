import { ProductPage, type ProductPageContent } from '../components/product-page'

const content: ProductPageContent = {
  metaTitle: 'Transactional email templates for Amazon SES',
  metaDescription:
    'Manage the SES templates behind receipts, sign-in links and alerts: edit and preview in the browser, sync with GitHub, keep sending from your code.',
  eyebrow: 'Use case · Transactional emails',
  title: 'The templates behind your receipts, sign-in links and alerts',
  lead: 'Your application already sends through SES with SendEmail and a template name. SES Studio is where those templates are written, previewed and reviewed — your code does not change.',
  planNote: 'Free to start; GitHub sync comes with Solo, Team and Team Plus.',
  highlights: [
    {
      title: 'No silent rendering failures',
      body: 'When a template references a variable the data lacks, SES accepts the send and then drops the message. Preview with the data your code sends to catch it first.',
    },
    {
      title: 'Templates next to code',
      offering: 'githubSync',
      body: 'Sync templates with a GitHub repository so a change to an email is reviewed like a change to code.',
    },
    {
      title: 'Text part included',
      body: 'Every template has a plain-text part beside the HTML one, for clients and filters that prefer it.',
    },
    {
      title: 'Nothing between you and SES',
      body: 'Messages go from your application to SES as before. SES Studio never sits in the sending path of your transactional mail.',
    },
  ],
  stepsTitle: 'Moving an existing template in',
  steps: [
    { title: 'Connect the AWS account that sends', body: 'Through an IAM role with an external ID.' },
    {
      title: 'Open the template',
      body: 'Templates already in SES are listed with their subject, HTML and text.',
    },
    { title: 'Edit, preview, save', body: 'The change is written to SES; the next send uses it.' },
  ],
  example: {
    title: 'Your code stays the same',
    caption:
      'An SES v2 SendEmail call with a template, as your application makes it today (AWS SDK for JavaScript).',
    code: `await ses.send(new SendEmailCommand({
  FromEmailAddress: 'receipts@example.com',
  Destination: { ToAddresses: [customer.email] },
  Content: {
    Template: {
      TemplateName: 'order-receipt',
      TemplateData: JSON.stringify({ firstName: customer.firstName, order }),
    },
  },
}))`,
  },
}

export function Component() {
  return <ProductPage content={content} />
}
