import { ProductPage, type ProductPageContent } from '../components/product-page'

const content: ProductPageContent = {
  metaTitle: 'Contact lists and topics for Amazon SES',
  metaDescription:
    'Keep contacts and subscription topics next to your SES templates, with a public one-click unsubscribe page and CSV export.',
  eyebrow: 'Contact list',
  offering: 'audience',
  title: 'Contacts and topics for the people who asked to hear from you',
  lead: 'The audience in SES Studio is a list of contacts and the topics they subscribed to. Campaigns send to a topic; unsubscribes are honoured at once.',
  planNote: 'The audience is part of the Team and Team Plus plans.',
  highlights: [
    {
      title: 'Topics as subscription lists',
      body: 'Group contacts by what they asked for — product news, release notes, a weekly digest — and send each campaign to one topic.',
    },
    {
      title: 'A public unsubscribe page',
      body: 'Every campaign message links to an unsubscribe page that works without signing in, and campaigns carry the one-click List-Unsubscribe headers Gmail and Yahoo require of bulk senders.',
    },
    {
      title: 'Import and export CSV',
      body: 'Import a CSV file of any size with your own column mapping, and download the contacts of a topic or of a filter at any time. Your list is yours.',
    },
    {
      title: 'Bounces and complaints respected',
      body: 'Addresses on your SES account’s suppression list are not mailed again, which protects the reputation of your sending account.',
    },
  ],
  stepsTitle: 'Building a list you can send to',
  steps: [
    { title: 'Create topics', body: 'Name the subscriptions people can choose, such as “Product updates”.' },
    {
      title: 'Add contacts',
      body: 'Add people who gave you permission to email them, by hand or from a CSV file, with the topics they chose.',
    },
    {
      title: 'Send a campaign to a topic',
      body: 'Only contacts subscribed to that topic receive it; unsubscribed contacts are skipped.',
    },
  ],
}

export function Component() {
  return <ProductPage content={content} />
}
