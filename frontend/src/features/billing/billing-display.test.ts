import { SUBSCRIPTION_STATUSES, type SubscriptionSummary, TIERS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  endedSubscriptionTitle,
  formatDate,
  formatMoney,
  invoiceStatusText,
  isLiveSubscription,
  isNavigableUrl,
  renewalText,
  seatsText,
  subscriptionStatusText,
} from './billing-display'

describe('formatMoney', () => {
  it('formats cents in the currency', () => {
    expect(formatMoney(4900, 'usd')).toBe('$49.00')
    expect(formatMoney(499_000, 'USD')).toBe('$4,990.00')
    expect(formatMoney(1999, 'eur')).toBe('€19.99')
    expect(formatMoney(0, 'usd')).toBe('$0.00')
    expect(formatMoney(-500, 'usd')).toBe('-$5.00')
  })

  it('does not divide zero-decimal currencies', () => {
    expect(formatMoney(5000, 'jpy')).toBe('¥5,000')
  })

  it('survives a currency code Intl does not know', () => {
    expect(formatMoney(1234, 'x1z')).toBe('12.34 X1Z')
  })
})

describe('formatDate', () => {
  it('writes a medium English date', () => {
    expect(formatDate('2025-03-05T23:30:00.000Z', 'UTC')).toBe('Mar 5, 2025')
  })
})

describe('subscriptionStatusText', () => {
  it('has readable words for every status', () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      const text = subscriptionStatusText(status)
      expect(text.label).not.toMatch(/_/)
      expect(text.label[0]).toBe(text.label[0]?.toUpperCase())
    }
    expect(subscriptionStatusText('active').label).toBe('Active')
    expect(subscriptionStatusText('trialing').label).toBe('Trialing')
    expect(subscriptionStatusText('canceled').label).toBe('Canceled')
  })

  it('tells a past-due subscription to update the payment method', () => {
    const text = subscriptionStatusText('past_due')
    expect(text.label).toBe('Past due')
    expect(text.tone).toBe('warning')
    expect(text.guidance).toMatch(/update the payment method/i)
  })
})

function subscription(overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary {
  return {
    plan: 'TEAM_MONTHLY',
    status: 'active',
    currentPeriodEnd: '2025-04-05T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    ...overrides,
  }
}

describe('renewalText', () => {
  it('says when the plan renews, cancels or ended', () => {
    expect(renewalText(subscription(), 'UTC')).toBe('Renews on Apr 5, 2025')
    expect(renewalText(subscription({ cancelAtPeriodEnd: true }), 'UTC')).toBe('Cancels on Apr 5, 2025')
    expect(renewalText(subscription({ status: 'trialing' }), 'UTC')).toBe('Trial ends on Apr 5, 2025')
    expect(renewalText(subscription({ status: 'canceled' }), 'UTC')).toBe('Ended on Apr 5, 2025')
    expect(renewalText(subscription({ currentPeriodEnd: null }))).toBeUndefined()
  })
})

describe('isLiveSubscription', () => {
  it('is live while active, trialing or past due', () => {
    expect(isLiveSubscription(subscription({ status: 'past_due' }))).toBe(true)
    expect(isLiveSubscription(subscription({ status: 'unpaid' }))).toBe(false)
    expect(isLiveSubscription(null)).toBe(false)
  })
})

describe('invoiceStatusText', () => {
  it('names each status', () => {
    expect(invoiceStatusText('paid')).toEqual({ label: 'Paid', badge: 'green' })
    expect(invoiceStatusText('open').label).toBe('Open')
  })
})

describe('isNavigableUrl', () => {
  it('follows only http(s) URLs', () => {
    expect(isNavigableUrl('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(true)
    expect(isNavigableUrl('http://localhost:12111/checkout/cs_1')).toBe(true)
    expect(isNavigableUrl('javascript:alert(1)')).toBe(false)
    expect(isNavigableUrl('not a url')).toBe(false)
  })
})

describe('endedSubscriptionTitle', () => {
  it('says why the dashboard is closed', () => {
    expect(endedSubscriptionTitle('canceled', 'Acme')).toBe('The subscription of Acme has ended')
    expect(endedSubscriptionTitle(null, 'Acme')).toBe('The subscription of Acme has ended')
    expect(endedSubscriptionTitle('unpaid', 'Acme')).toBe('The subscription of Acme is unpaid')
    expect(endedSubscriptionTitle('incomplete_expired', 'Acme')).toBe(
      'The first payment for Acme did not complete',
    )
  })
})

describe('seatsText', () => {
  it("names each tier's members and AWS accounts from the catalogue", () => {
    expect(seatsText(TIERS.START.seats)).toBe('1 member and 1 AWS account')
    expect(seatsText(TIERS.SOLO.seats)).toBe('1 member and up to 2 AWS accounts')
    expect(seatsText(TIERS.TEAM.seats)).toBe('Up to 5 members and 3 AWS accounts')
    expect(seatsText(TIERS.TEAM_PLUS.seats)).toBe('Up to 25 members and 10 AWS accounts')
  })
})
