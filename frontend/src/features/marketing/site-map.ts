export interface SiteLink {
  to: string
  label: string
  /** One line shown under the label in the header's dropdowns. */
  description?: string
}

export const PRODUCT_LINKS: readonly SiteLink[] = [
  {
    to: '/template-manager',
    label: 'Template manager',
    description: 'Edit, preview and test-send SES templates',
  },
  {
    to: '/contact-list',
    label: 'Contact list',
    description: 'Contacts and topics with one-click unsubscribe',
  },
  {
    to: '/email-campaigns',
    label: 'Email campaigns',
    description: 'Send to a topic through your own SES account',
  },
]

export const USE_CASE_LINKS: readonly SiteLink[] = [
  {
    to: '/marketing-campaigns',
    label: 'Marketing campaigns',
    description: 'Newsletters and announcements to opted-in contacts',
  },
  {
    to: '/transactional-emails',
    label: 'Transactional emails',
    description: 'Receipts, sign-in links and alerts from your code',
  },
]

export const RESOURCE_LINKS: readonly SiteLink[] = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/docs/api', label: 'API docs' },
]

export const LEGAL_LINKS: readonly SiteLink[] = [
  { to: '/terms', label: 'Terms of service' },
  { to: '/privacy-policy', label: 'Privacy policy' },
]

export const SIGN_UP_PATH = '/auth/sign-up'

/** Where visitors read and leave reviews of SES Studio. */
export const REVIEW_SITE_URL = 'https://www.g2.com/'
