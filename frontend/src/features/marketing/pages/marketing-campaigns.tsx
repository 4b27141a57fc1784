import { ProductPage, type ProductPageContent } from '../components/product-page'

const content: ProductPageContent = {
  metaTitle: 'Marketing campaigns with Amazon SES',
  metaDescription:
    'Send newsletters and product announcements with Amazon SES: topics, one-click unsubscribe, reports and SES prices instead of per-contact pricing.',
  eyebrow: 'Use case · Marketing campaigns',
  offering: 'campaigns',
  title: 'Newsletters and announcements at Amazon SES prices',
  lead: 'SES charges per message, not per contact. SES Studio adds what SES lacks for marketing mail — templates you can edit, subscription topics, unsubscribe handling and reports — while the sending stays in your AWS account.',
  planNote: 'Marketing campaigns need the Team or Team Plus plan.',
  highlights: [
    {
      title: 'Follow the bulk-sender rules',
      body: 'Gmail, Yahoo and Microsoft expect SPF, DKIM and DMARC, one-click unsubscribe and a spam rate under 0.1%. Campaigns carry the unsubscribe headers; the rest is set up in your domain and SES.',
    },
    {
      title: 'Unsubscribes honoured at once',
      body: 'A contact who leaves a topic is skipped from the next send — well inside the two days mailbox providers and the ten business days CAN-SPAM allow.',
    },
    {
      title: 'Keep your reputation healthy',
      body: 'AWS reviews accounts whose bounce rate nears 5% or complaint rate 0.1%. Reports show both per campaign so you can act before AWS does.',
    },
    {
      title: 'Designed once, reused',
      body: 'Reusable blocks keep your header, footer and postal address identical across every newsletter.',
    },
  ],
  stepsTitle: 'A first newsletter',
  steps: [
    {
      title: 'Verify your domain in SES',
      body: 'Easy DKIM adds three CNAME records; add a DMARC record too.',
    },
    { title: 'Create a topic and add subscribers', body: 'Only people who opted in.' },
    { title: 'Design the template', body: 'Edit HTML and text parts, preview with a subscriber’s data.' },
    {
      title: 'Send and read the report',
      body: 'Opens, clicks, unsubscribes and bounces, downloadable as CSV.',
    },
  ],
}

export function Component() {
  return <ProductPage content={content} />
}
