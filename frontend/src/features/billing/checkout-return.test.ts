import { type Account, CHECKOUT_SESSION_ID_PLACEHOLDER, type OrganizationSummary } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { paths } from '../../lib/paths'
import {
  CHECKOUT_CANCELED_PATH,
  CHECKOUT_RETURN_PATH,
  isPlanActivated,
  parseCheckoutReturn,
  wasCheckoutCanceled,
} from './checkout-return'

const ORG = '01JAAAAAAAAAAAAAAAAAAAAAAA'

function account(organization: Partial<OrganizationSummary>): Account {
  return {
    id: '6f1c2a6e-8b1b-4b35-9a34-1f0c0e3b2a11',
    email: 'ada@example.com',
    emailVerified: true,
    picture: null,
    organizations: [
      {
        id: ORG,
        name: 'Acme',
        plan: 'START',
        subscriptionStatus: null,
        availableActions: 5,
        priceChangeNotice: null,
        role: 'OWNER',
        ...organization,
      },
    ],
    selectedOrganization: ORG,
    selectedAwsAccount: null,
    lastProductUpdateAt: null,
    hasAccessToPlatform: true,
  }
}

describe('checkout return URLs', () => {
  it('are the paths the server sends the browser back to', () => {
    expect(CHECKOUT_RETURN_PATH).toBe('/app/onboarding/checkout')
    expect(CHECKOUT_CANCELED_PATH).toBe('/app/onboarding/plan?checkout=canceled')
    expect(wasCheckoutCanceled(new URL(CHECKOUT_CANCELED_PATH, 'http://x').searchParams)).toBe(true)
    expect(wasCheckoutCanceled(new URLSearchParams(''))).toBe(false)
  })

  it("read back what the server gives Checkout, once Stripe filled in the session's id", () => {
    const returned = new URL(
      paths.checkoutReturn('TEAM_YEARLY').replace(CHECKOUT_SESSION_ID_PLACEHOLDER, 'cs_test_a1B2'),
      'http://x',
    )
    expect(returned.pathname).toBe(CHECKOUT_RETURN_PATH)
    expect(parseCheckoutReturn(returned.searchParams)).toEqual({
      sessionId: 'cs_test_a1B2',
      plan: 'TEAM_YEARLY',
    })
  })
})

describe('parseCheckoutReturn', () => {
  it('reads the session and the paid plan', () => {
    expect(parseCheckoutReturn(new URLSearchParams('session_id=cs_test_a1B2&plan=TEAM_MONTHLY'))).toEqual({
      sessionId: 'cs_test_a1B2',
      plan: 'TEAM_MONTHLY',
    })
  })

  it.each([
    '',
    'plan=TEAM_MONTHLY',
    'session_id=cs_1',
    'session_id=cs_1&plan=START',
    'session_id=cs_1&plan=GOLD',
    'session_id={CHECKOUT_SESSION_ID}&plan=TEAM_YEARLY',
  ])('refuses %s', (query) => {
    expect(parseCheckoutReturn(new URLSearchParams(query))).toBeUndefined()
  })
})

describe('isPlanActivated', () => {
  it('waits until the plan is the paid one with a live subscription', () => {
    expect(isPlanActivated(account({ plan: 'START' }), 'TEAM_MONTHLY')).toBe(false)
    expect(
      isPlanActivated(account({ plan: 'TEAM_MONTHLY', subscriptionStatus: 'incomplete' }), 'TEAM_MONTHLY'),
    ).toBe(false)
    expect(
      isPlanActivated(account({ plan: 'TEAM_YEARLY', subscriptionStatus: 'active' }), 'TEAM_MONTHLY'),
    ).toBe(false)
    for (const status of ['active', 'trialing', 'past_due'] as const) {
      expect(
        isPlanActivated(account({ plan: 'TEAM_MONTHLY', subscriptionStatus: status }), 'TEAM_MONTHLY'),
      ).toBe(true)
    }
  })
})
