import * as z from 'zod'

export const PLANS = [
  'START',
  'SOLO_MONTHLY',
  'SOLO_YEARLY',
  'TEAM_MONTHLY',
  'TEAM_YEARLY',
  'TEAM_PLUS_MONTHLY',
  'TEAM_PLUS_YEARLY',
] as const
export const PlanSchema = z.enum(PLANS)
export type Plan = z.infer<typeof PlanSchema>

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'canceled',
  'paused',
] as const
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES)
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

/** A paid subscription in one of these states still grants its plan (spec §4, dashboard entry). */
export const LIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due']

/** START: template actions per UTC calendar month (spec §9). */
export const START_ACTIONS_PER_MONTH = 5

/** Capabilities a route can be gated behind. */
export const FEATURES = ['reusableBlocks', 'audience', 'campaigns', 'monitoring', 'githubSync'] as const
export type Feature = (typeof FEATURES)[number]

export type PlanTier = 'START' | 'SOLO' | 'TEAM' | 'TEAM_PLUS'

const TEAM_TIERS: readonly PlanTier[] = ['TEAM', 'TEAM_PLUS']

export const FEATURE_TIERS: Record<Feature, readonly PlanTier[]> = {
  reusableBlocks: TEAM_TIERS,
  audience: TEAM_TIERS,
  campaigns: TEAM_TIERS,
  monitoring: TEAM_TIERS,
  githubSync: ['SOLO', 'TEAM', 'TEAM_PLUS'],
}

export function planTier(plan: Plan): PlanTier {
  if (plan === 'START') return 'START'
  if (plan.startsWith('TEAM_PLUS')) return 'TEAM_PLUS'
  if (plan.startsWith('TEAM')) return 'TEAM'
  return 'SOLO'
}

export function isPaidPlan(plan: Plan): boolean {
  return plan !== 'START'
}

export function planUnlocks(plan: Plan | null | undefined, feature: Feature): boolean {
  return plan != null && FEATURE_TIERS[feature].includes(planTier(plan))
}
