import * as z from 'zod'
import { FEATURES, type Feature } from './offerings'

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

export const PAID_PLANS = PLANS.filter((plan) => plan !== 'START') as readonly PaidPlan[] as [
  PaidPlan,
  ...PaidPlan[],
]
export type PaidPlan = Exclude<Plan, 'START'>

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

export const PLAN_TIERS = ['START', 'SOLO', 'TEAM', 'TEAM_PLUS'] as const
export type PlanTier = (typeof PLAN_TIERS)[number]

const TEAM_TIERS: readonly PlanTier[] = ['TEAM', 'TEAM_PLUS']

export const FEATURE_TIERS: Record<Feature, readonly PlanTier[]> = {
  reusableBlocks: TEAM_TIERS,
  audience: TEAM_TIERS,
  campaigns: TEAM_TIERS,
  monitoring: TEAM_TIERS,
  githubSync: ['SOLO', 'TEAM', 'TEAM_PLUS'],
}

export const BILLING_INTERVALS = ['month', 'year'] as const
export type BillingInterval = (typeof BILLING_INTERVALS)[number]

/** Plan badge colours (spec §4): Team blue, Team Plus purple, Solo orange, Start yellow. */
export type PlanBadgeColor = 'yellow' | 'orange' | 'blue' | 'purple'

export interface TierInfo {
  tier: PlanTier
  /** Human name: 'Start', 'Solo', 'Team', 'Team Plus'. */
  name: string
  /** One line on who the tier is for. */
  summary: string
  badgeColor: PlanBadgeColor
  /** Price in whole US dollars per billing interval; 0 for START. */
  priceUsd: Record<BillingInterval, number>
  /** Template actions per calendar month; null means unlimited. */
  templateActionsPerMonth: number | null
  /** Gated capabilities this tier unlocks, in FEATURES order. */
  features: readonly Feature[]
  /**
   * Members (pending invitations count) and connected AWS accounts an organization on this tier may have: enforced
   * when inviting, joining and connecting; an organization over a limit (downgraded) keeps all but adds none.
   */
  seats: Seats
}

export interface Seats {
  members: number
  awsAccounts: number
}

function tierFeatures(tier: PlanTier): readonly Feature[] {
  return FEATURES.filter((feature) => FEATURE_TIERS[feature].includes(tier))
}

export const TIERS: Record<PlanTier, TierInfo> = {
  START: {
    tier: 'START',
    name: 'Start',
    summary: 'Try the template editor on your own SES account.',
    badgeColor: 'yellow',
    priceUsd: { month: 0, year: 0 },
    templateActionsPerMonth: START_ACTIONS_PER_MONTH,
    features: tierFeatures('START'),
    seats: { members: 1, awsAccounts: 1 },
  },
  SOLO: {
    tier: 'SOLO',
    name: 'Solo',
    summary: 'For a developer who owns the templates of one product.',
    badgeColor: 'orange',
    priceUsd: { month: 19, year: 190 },
    templateActionsPerMonth: null,
    features: tierFeatures('SOLO'),
    seats: { members: 1, awsAccounts: 2 },
  },
  TEAM: {
    tier: 'TEAM',
    name: 'Team',
    summary: 'For teams that send campaigns to their own contact lists.',
    badgeColor: 'blue',
    priceUsd: { month: 49, year: 490 },
    templateActionsPerMonth: null,
    features: tierFeatures('TEAM'),
    seats: { members: 5, awsAccounts: 3 },
  },
  TEAM_PLUS: {
    tier: 'TEAM_PLUS',
    name: 'Team Plus',
    summary: 'For larger teams and several SES accounts.',
    badgeColor: 'purple',
    priceUsd: { month: 99, year: 990 },
    templateActionsPerMonth: null,
    features: tierFeatures('TEAM_PLUS'),
    seats: { members: 25, awsAccounts: 10 },
  },
}

export function planTier(plan: Plan): PlanTier {
  if (plan === 'START') return 'START'
  if (plan.startsWith('TEAM_PLUS')) return 'TEAM_PLUS'
  if (plan.startsWith('TEAM')) return 'TEAM'
  return 'SOLO'
}

/** The billing interval of a paid plan; null for START, which is free. */
export function planInterval(plan: Plan): BillingInterval | null {
  if (plan === 'START') return null
  return plan.endsWith('_YEARLY') ? 'year' : 'month'
}

/** The plan value for a tier and interval: ('TEAM', 'year') → 'TEAM_YEARLY'; START ignores the interval. */
export function planFor(tier: PlanTier, interval: BillingInterval): Plan {
  if (tier === 'START') return 'START'
  return `${tier}_${interval === 'year' ? 'YEARLY' : 'MONTHLY'}`
}

/** Every price is in US dollars; Stripe amounts are in cents. */
export const PLAN_CURRENCY = 'usd'

/** The catalogue price of a plan in cents, as Stripe prices hold it. */
export function planAmountCents(plan: Plan): number {
  return planInfo(plan).priceUsd * 100
}

export function isPaidPlan(plan: Plan): plan is PaidPlan {
  return plan !== 'START'
}

export function planUnlocks(plan: Plan | null | undefined, feature: Feature): boolean {
  return plan != null && FEATURE_TIERS[feature].includes(planTier(plan))
}

/** Paid plans manage templates without a monthly limit (spec §9). */
export function hasUnlimitedTemplateActions(plan: Plan): boolean {
  return TIERS[planTier(plan)].templateActionsPerMonth === null
}

/** The seats of an organization's plan; an organization without a plan yet has START's. */
export function seatsOf(plan: Plan | null | undefined): Seats {
  return TIERS[plan ? planTier(plan) : 'START'].seats
}

/** The cheapest tier with at least `count` seats of `kind`, for 'Upgrade to …' hints; null when none has. */
export function lowestTierWithSeats(kind: keyof Seats, count: number): PlanTier | null {
  return PLAN_TIERS.find((tier) => TIERS[tier].seats[kind] >= count) ?? null
}

/** The cheapest tier that unlocks a feature, for 'Upgrade to …' hints. */
export function lowestTierFor(feature: Feature): PlanTier {
  const tier = PLAN_TIERS.find((candidate) => FEATURE_TIERS[feature].includes(candidate))
  if (!tier) throw new Error(`no tier unlocks ${feature}`)
  return tier
}

export interface PlanInfo {
  plan: Plan
  tier: PlanTier
  /** 'Start', 'Solo', 'Team', 'Team Plus'. */
  name: string
  /** 'Solo (yearly)', 'Team Plus (monthly)', or 'Start'. */
  fullName: string
  interval: BillingInterval | null
  priceUsd: number
  badgeColor: PlanBadgeColor
}

export function planInfo(plan: Plan): PlanInfo {
  const tier = TIERS[planTier(plan)]
  const interval = planInterval(plan)
  return {
    plan,
    tier: tier.tier,
    name: tier.name,
    fullName: interval ? `${tier.name} (${interval === 'year' ? 'yearly' : 'monthly'})` : tier.name,
    interval,
    priceUsd: interval ? tier.priceUsd[interval] : 0,
    badgeColor: tier.badgeColor,
  }
}

/** Every plan with its name, interval and price, in PLANS order. */
export const PLAN_CATALOGUE: readonly PlanInfo[] = PLANS.map(planInfo)

export interface PlanBadge {
  label: string
  color: PlanBadgeColor
}

/** The badge for an organization's plan; null when it has no plan yet (spec §4). */
export function planBadge(plan: Plan | null | undefined): PlanBadge | null {
  if (plan == null) return null
  const tier = TIERS[planTier(plan)]
  return { label: tier.name, color: tier.badgeColor }
}

/** What a year costs on the yearly plan compared with twelve monthly payments. */
export function yearlySavingUsd(tier: PlanTier): number {
  const { month, year } = TIERS[tier].priceUsd
  return month * 12 - year
}

/** '$19', '$1,990'; whole dollars, en-US. */
export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`
}
