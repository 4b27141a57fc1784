/**
 * What the plans sell, in words. Kept free of the schemas (no zod), so the public pages can name and mark plan
 * features without downloading them.
 */

/** Capabilities a route can be gated behind. */
export const FEATURES = ['reusableBlocks', 'audience', 'campaigns', 'monitoring', 'githubSync'] as const
export type Feature = (typeof FEATURES)[number]

/** Human label of each gated capability, as the sidebar and pricing page name it. */
export const FEATURE_LABELS: Record<Feature, string> = {
  reusableBlocks: 'Reusable blocks',
  audience: 'Audience',
  campaigns: 'Campaigns',
  monitoring: 'Logs & metrics',
  githubSync: 'GitHub sync',
}

/** What the plans sell beyond the gated FEATURES: the campaigns API and inviting a team to an organization. */
export const PLAN_EXTRAS = ['campaignsApi', 'teamInvitations'] as const
/** Anything a plan is sold with: a gated feature or an extra. */
export type Offering = Feature | (typeof PLAN_EXTRAS)[number]

export const OFFERING_LABELS: Record<Offering, string> = {
  ...FEATURE_LABELS,
  campaignsApi: 'Campaigns API',
  teamInvitations: 'Team invitations',
}

/**
 * What the plans sell but the product does not do yet. Every page that sells a plan (pricing, home, product
 * pages, plan pickers) and the dashboard's placeholder pages mark these "Coming soon"; the issue that builds one
 * removes it from this list, and every mark goes with it.
 */
export const COMING_SOON: readonly Offering[] = ['githubSync']

export const COMING_SOON_LABEL = 'Coming soon'

export function isComingSoon(offering: Offering): boolean {
  return COMING_SOON.includes(offering)
}
