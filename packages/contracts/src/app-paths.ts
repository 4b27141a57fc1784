import type { PaidPlan } from './plans'

/**
 * Every address of the web app in one module: the dashboard's links, redirects, navigation and route table
 * (through the frontend's `lib/paths.ts`), and the links the server mails or hands to Stripe, so an address changes
 * in one place. Ids and query values are encoded. Route patterns come from the same functions
 * (`appPaths.template(':id')`). Pure, with no runtime imports: the public entry carries it.
 */

const APP = '/app'

type Query = Record<string, string | undefined>

function withQuery(path: string, query: Query = {}): string {
  const entries = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)
  return entries.length === 0 ? path : `${path}?${new URLSearchParams(entries)}`
}

/** One path segment; a route pattern's `:name` stays as it is, since the router reads it. */
function segment(id: string): string {
  return /^:\w+$/.test(id) ? id : encodeURIComponent(id)
}

/** The billing page's parameter that opens its plan chooser (`?choose=plan`): where every 'Upgrade' leads. */
export const PLAN_CHOOSER_PARAM = 'choose'

/** What Stripe Checkout's return addresses carry, read by the onboarding pages. */
export const CHECKOUT_SESSION_PARAM = 'session_id'
export const CHECKOUT_PLAN_PARAM = 'plan'
export const CHECKOUT_CANCELED_PARAM = 'checkout'
/** Stripe writes the session's id in its place, so it has to reach Stripe unencoded. */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}'

export const appPaths = {
  dashboard: () => APP,
  settings: () => `${APP}/settings`,
  admin: () => `${APP}/admin`,

  onboardingPlan: (query?: { checkout?: 'canceled' }) => withQuery(`${APP}/onboarding/plan`, query),
  onboardingCheckout: () => `${APP}/onboarding/checkout`,
  /** Where Checkout sends the customer after paying: the activation page, with Stripe's session and the plan. */
  checkoutReturn: (plan: PaidPlan) =>
    `${appPaths.onboardingCheckout()}?${CHECKOUT_SESSION_PARAM}=${CHECKOUT_SESSION_ID_PLACEHOLDER}&${new URLSearchParams({ [CHECKOUT_PLAN_PARAM]: plan })}`,
  subscriptionCanceled: () => `${APP}/onboarding/subscription-canceled`,
  /** Spec §2: a path containing /price-change-notice is shown in the invite layout. */
  priceChangeNotice: () => `${APP}/price-change-notice`,

  newOrganization: () => `${APP}/organizations/new`,
  organizationSettings: () => `${APP}/organization/settings`,
  organizationTeam: () => `${APP}/organization/team`,
  apiKeys: () => `${APP}/organization/api-keys`,
  billing: () => `${APP}/organization/billing`,
  /** The billing page with its plan chooser open. */
  planChooser: () => withQuery(appPaths.billing(), { [PLAN_CHOOSER_PARAM]: 'plan' }),
  invoices: () => `${APP}/organization/invoices`,
  webhooks: () => `${APP}/organization/webhooks`,
  auditLog: () => `${APP}/organization/audit-log`,

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
    withQuery(`${APP}/templates/${segment(id)}`, query),
  /** One AWS account's SES templates (`awsAccount`), with a template's drift review open (`review`). */
  templatesSes: (query?: { awsAccount?: string; review?: string }) =>
    withQuery(`${APP}/templates/ses`, query),

  blocks: () => `${APP}/blocks`,
  block: (id: string) => `${APP}/blocks/${segment(id)}`,

  githubSync: () => `${APP}/github-sync`,
  /** The contact list; its filters live in the query (`features/audience/contact-view.ts`). */
  contacts: (query?: Query) => withQuery(`${APP}/audience/contacts`, query),
  contact: (id: string) => `${APP}/audience/contacts/${segment(id)}`,
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
  campaign: (id: string, query?: { step?: string }) => withQuery(`${APP}/campaigns/${segment(id)}`, query),

  /** The mailed links of the sign-in flows: the token rides in the fragment, which never reaches a server log. */
  verifyEmail: (token: string) => `/auth/verify-email#token=${encodeURIComponent(token)}`,
  resetPassword: (token: string) => `/auth/reset-password#token=${encodeURIComponent(token)}`,
  /** An invitation's mailed link (`/join` page, invite layout); its token is the invitee's proof. */
  join: (id: string, query?: { token?: string }) => withQuery(`/join/${segment(id)}`, query),
} as const
