import { describe, expect, it } from 'vitest'
import type { Stripe } from './stripe-client'
import { currentSubscription, planOfPrice, summarize } from './subscriptions'

const price = (lookup: string | null, metadata: Record<string, string> = {}) =>
  ({ id: `price_${lookup}`, lookup_key: lookup, metadata }) as unknown as Stripe.Price

const subscription = (id: string, status: string, created: number, plan = 'TEAM_MONTHLY') =>
  ({
    id,
    status,
    created,
    cancel_at_period_end: false,
    items: { data: [{ price: price(plan), current_period_end: 1_800_000_000 }] },
  }) as unknown as Stripe.Subscription

describe('planOfPrice', () => {
  it('reads the lookup key, then metadata.plan, and ignores unknown prices', () => {
    expect(planOfPrice(price('SOLO_YEARLY'))).toBe('SOLO_YEARLY')
    expect(planOfPrice(price(null, { plan: 'TEAM_PLUS_MONTHLY' }))).toBe('TEAM_PLUS_MONTHLY')
    expect(planOfPrice(price('enterprise'))).toBeNull()
  })
})

describe('currentSubscription', () => {
  it('prefers the newest live subscription over newer ended ones', () => {
    const live = subscription('sub_live', 'past_due', 100)
    const ended = subscription('sub_ended', 'canceled', 200)
    expect(currentSubscription([ended, live])?.id).toBe('sub_live')
    expect(currentSubscription([live, ended])?.id).toBe('sub_live')
  })

  it('falls back to the newest one when none is live, and to null when there is none', () => {
    const older = subscription('sub_a', 'canceled', 100)
    const newer = subscription('sub_b', 'incomplete_expired', 300)
    expect(currentSubscription([older, newer])?.id).toBe('sub_b')
    expect(currentSubscription([])).toBeNull()
  })
})

describe('summarize', () => {
  it('gives plan, status, period end and cancellation', () => {
    expect(summarize(subscription('sub', 'active', 1, 'SOLO_MONTHLY'))).toEqual({
      plan: 'SOLO_MONTHLY',
      status: 'active',
      currentPeriodEnd: new Date(1_800_000_000_000).toISOString(),
      cancelAtPeriodEnd: false,
    })
    expect(summarize(subscription('sub', 'active', 1, 'unknown'))).toBeNull()
  })
})
