/**
 * Every address of the dashboard (`/app/…`) in one module: links, redirects, navigation and the route table use
 * these instead of string literals, so an address changes in one place. Route patterns come from the same
 * functions (`paths.template(':id')`). Free of imports: the public entry carries it.
 */

const APP = '/app'

type Query = Record<string, string | undefined>

function withQuery(path: string, query: Query = {}): string {
  const entries = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)
  return entries.length === 0 ? path : `${path}?${new URLSearchParams(entries)}`
}

/** The billing page's parameter that opens its plan chooser (`?choose=plan`): where every 'Upgrade' leads. */
export const PLAN_CHOOSER_PARAM = 'choose'

export const paths = {
  dashboard: () => APP,
  settings: () => `${APP}/settings`,
  admin: () => `${APP}/admin`,

  onboardingPlan: (query?: { checkout?: 'canceled' }) => withQuery(`${APP}/onboarding/plan`, query),
  onboardingCheckout: () => `${APP}/onboarding/checkout`,
  subscriptionCanceled: () => `${APP}/onboarding/subscription-canceled`,
  /** Spec §2: a path containing /price-change-notice is shown in the invite layout. */
  priceChangeNotice: () => `${APP}/price-change-notice`,

  newOrganization: () => `${APP}/organizations/new`,
  organizationSettings: () => `${APP}/organization/settings`,
  organizationTeam: () => `${APP}/organization/team`,
  billing: () => `${APP}/organization/billing`,
  /** The billing page with its plan chooser open. */
  planChooser: () => withQuery(paths.billing(), { [PLAN_CHOOSER_PARAM]: 'plan' }),
  invoices: () => `${APP}/organization/invoices`,

  awsAccount: () => `${APP}/aws-account`,
  newAwsAccount: () => `${APP}/aws-accounts/new`,
  monitoring: () => `${APP}/monitoring`,
  emailIdentities: () => `${APP}/email-identities`,

  templates: () => `${APP}/templates`,
  /** The gallery; `blank` opens a blank template of that format. */
  newTemplate: (query?: { blank?: 'VISUAL' | 'MJML' | 'HTML' }) => withQuery(`${APP}/templates/new`, query),
  /**
   * A template's editor; `forCampaign` and `fix` open it from a campaign's review to fix what its pre-flight refused
   * (a banner says what, with the way back).
   */
  template: (id: string, query?: { forCampaign?: string; fix?: string }) =>
    withQuery(`${APP}/templates/${id}`, query),
  /** One AWS account's SES templates (`awsAccount`), with a template's drift review open (`review`). */
  templatesSes: (query?: { awsAccount?: string; review?: string }) =>
    withQuery(`${APP}/templates/ses`, query),

  blocks: () => `${APP}/blocks`,
  block: (id: string) => `${APP}/blocks/${id}`,

  githubSync: () => `${APP}/github-sync`,
  /** The contact list; its filters live in the query (`features/audience/contact-view.ts`). */
  contacts: (query?: Query) => withQuery(`${APP}/audience/contacts`, query),
  contact: (id: string) => `${APP}/audience/contacts/${id}`,
  contactsImport: () => `${APP}/audience/contacts/import`,
  topics: () => `${APP}/audience/topics`,
  campaigns: () => `${APP}/campaigns`,
  newCampaign: () => `${APP}/campaigns/new`,
  /** Two or more campaigns' rates side by side (`?ids=a,b`). */
  compareCampaigns: (ids?: readonly string[]) =>
    ids
      ? `${APP}/campaigns/compare?ids=${ids.map(encodeURIComponent).join(',')}`
      : `${APP}/campaigns/compare`,
  /** A campaign: its flow while a draft (`step`), its live progress once sending. */
  campaign: (id: string, query?: { step?: string }) => withQuery(`${APP}/campaigns/${id}`, query),
} as const
