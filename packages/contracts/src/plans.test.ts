import { describe, expect, it } from 'vitest'
import { FEATURES } from './offerings'
import {
  formatUsd,
  hasUnlimitedTemplateActions,
  lowestTierFor,
  PLAN_CATALOGUE,
  PLAN_TIERS,
  PLANS,
  planBadge,
  planFor,
  planInfo,
  planInterval,
  planTier,
  planUnlocks,
  TIERS,
  yearlySavingUsd,
} from './plans'

describe('plan catalogue', () => {
  it('lists every plan value once, with its tier, interval and price', () => {
    expect(PLAN_CATALOGUE.map((entry) => entry.plan)).toEqual([...PLANS])
    expect(planInfo('START')).toMatchObject({ tier: 'START', interval: null, priceUsd: 0, name: 'Start' })
    expect(planInfo('SOLO_MONTHLY')).toMatchObject({ tier: 'SOLO', interval: 'month', priceUsd: 19 })
    expect(planInfo('SOLO_YEARLY')).toMatchObject({ tier: 'SOLO', interval: 'year', priceUsd: 190 })
    expect(planInfo('TEAM_MONTHLY')).toMatchObject({ tier: 'TEAM', interval: 'month', priceUsd: 49 })
    expect(planInfo('TEAM_YEARLY')).toMatchObject({ tier: 'TEAM', interval: 'year', priceUsd: 490 })
    expect(planInfo('TEAM_PLUS_MONTHLY')).toMatchObject({
      tier: 'TEAM_PLUS',
      interval: 'month',
      priceUsd: 99,
    })
    expect(planInfo('TEAM_PLUS_YEARLY')).toMatchObject({
      tier: 'TEAM_PLUS',
      interval: 'year',
      priceUsd: 990,
      fullName: 'Team Plus (yearly)',
    })
  })

  it('round-trips tier and interval to the plan value', () => {
    for (const plan of PLANS) {
      expect(planFor(planTier(plan), planInterval(plan) ?? 'month')).toBe(plan)
    }
    expect(planFor('START', 'year')).toBe('START')
  })

  it('gives START 5 template actions a month and paid plans unlimited ones', () => {
    expect(TIERS.START.templateActionsPerMonth).toBe(5)
    expect(hasUnlimitedTemplateActions('START')).toBe(false)
    for (const plan of PLANS.filter((p) => p !== 'START'))
      expect(hasUnlimitedTemplateActions(plan)).toBe(true)
  })

  it('unlocks blocks, audience, campaigns and logs only on Team tiers, GitHub sync from Solo', () => {
    const teamOnly = ['reusableBlocks', 'audience', 'campaigns', 'monitoring'] as const
    for (const feature of teamOnly) {
      expect(planUnlocks('START', feature)).toBe(false)
      expect(planUnlocks('SOLO_YEARLY', feature)).toBe(false)
      expect(planUnlocks('TEAM_MONTHLY', feature)).toBe(true)
      expect(planUnlocks('TEAM_PLUS_YEARLY', feature)).toBe(true)
      expect(lowestTierFor(feature)).toBe('TEAM')
    }
    expect(planUnlocks('START', 'githubSync')).toBe(false)
    expect(planUnlocks('SOLO_MONTHLY', 'githubSync')).toBe(true)
    expect(planUnlocks('TEAM_YEARLY', 'githubSync')).toBe(true)
    expect(lowestTierFor('githubSync')).toBe('SOLO')
    expect(planUnlocks(null, 'githubSync')).toBe(false)
    expect(TIERS.TEAM.features).toEqual([...FEATURES])
    expect(TIERS.SOLO.features).toEqual(['githubSync'])
    expect(TIERS.START.features).toEqual([])
  })

  it('colours badges: Team blue, Team Plus purple, Solo orange, Start yellow, none without plan', () => {
    expect(planBadge('TEAM_MONTHLY')).toEqual({ label: 'Team', color: 'blue' })
    expect(planBadge('TEAM_PLUS_YEARLY')).toEqual({ label: 'Team Plus', color: 'purple' })
    expect(planBadge('SOLO_MONTHLY')).toEqual({ label: 'Solo', color: 'orange' })
    expect(planBadge('SOLO_YEARLY')?.color).toBe('orange')
    expect(planBadge('START')).toEqual({ label: 'Start', color: 'yellow' })
    expect(planBadge(null)).toBeNull()
    expect(planBadge(undefined)).toBeNull()
  })

  it('yearly billing is cheaper than twelve months for every paid tier', () => {
    for (const tier of PLAN_TIERS.filter((t) => t !== 'START'))
      expect(yearlySavingUsd(tier)).toBeGreaterThan(0)
    expect(yearlySavingUsd('SOLO')).toBe(38)
    expect(formatUsd(990)).toBe('$990')
    expect(formatUsd(1990)).toBe('$1,990')
  })
})
