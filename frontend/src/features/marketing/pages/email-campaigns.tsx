import { ProductPage, type ProductPageContent } from '../components/product-page'

const content: ProductPageContent = {
  metaTitle: 'Email campaigns on Amazon SES',
  metaDescription:
    'Send email campaigns to a topic through your own Amazon SES account, with per-recipient results, reports and an API.',
  eyebrow: 'Email campaigns',
  offering: 'campaigns',
  title: 'Campaigns that go out through your own SES account',
  lead: 'Pick a template and a topic, check the preview, send. SES Studio sends through SES in your AWS account, at the rate SES allows it, and records what happened to each recipient.',
  planNote: 'Campaigns, logs and metrics are part of the Team and Team Plus plans.',
  highlights: [
    {
      title: 'Sending within your quota',
      body: 'SES limits how fast and how much an account may send. Campaigns respect your account’s rate and retry throttled messages instead of losing them.',
    },
    {
      title: 'A result for every recipient',
      body: 'Each message is recorded as sent, failed or skipped, so a campaign never ends “finished” while part of the list was dropped.',
    },
    {
      title: 'Reports you can download',
      body: 'See who opened, clicked, unsubscribed or bounced, and download each list as a CSV file.',
    },
    {
      title: 'A campaigns API',
      offering: 'campaignsApi',
      body: 'Keep contacts in step and start campaigns from your own code, with the same rules as the dashboard, scoped API keys and signed webhooks. The API reference is public.',
    },
  ],
  stepsTitle: 'How a campaign runs',
  steps: [
    {
      title: 'Choose a template and a topic',
      body: 'The template comes from your SES account; the topic from your audience.',
    },
    { title: 'Preview and test-send', body: 'Render it with a contact’s data and send yourself a copy.' },
    {
      title: 'Send or schedule',
      body: 'Messages leave through SES in batches; pausing stops at the next batch and resuming picks up exactly where it stopped.',
    },
    {
      title: 'Read the report',
      body: 'Deliveries, opens, clicks, bounces, complaints and unsubscribes, per campaign.',
    },
  ],
}

export function Component() {
  return <ProductPage content={content} />
}
