import type { Account, OrganizationSummary } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { dashboardEntryRedirect, hasUnreadPriceChange, organizationPlanState } from './dashboard-entry'

const ORG = '01JAAAAAAAAAAAAAAAAAAAAAAA'

function account(organization: Partial<OrganizationSummary> | null): Account {
  return {
    id: '6f1c2a6e-8b1b-4b35-9a34-1f0c0e3b2a11',
    email: 'ada@example.com',
    emailVerified: true,
    picture: null,
    organizations: organization
      ? [
          {
            id: ORG,
            name: 'Acme',
            plan: null,
            subscriptionStatus: null,
            availableActions: null,
            priceChangeNotice: null,
            role: 'OWNER',
            ...organization,
          },
        ]
      : [],
    selectedOrganization: organization ? ORG : null,
    selectedAwsAccount: null,
    lastProductUpdateAt: null,
    hasAccessToPlatform: true,
  }
}

describe('dashboardEntryRedirect', () => {
  it('sends an organization without a plan to onboarding', () => {
    expect(dashboardEntryRedirect(account({ plan: null }), '/app')).toBe('/app/onboarding/plan')
    expect(dashboardEntryRedirect(account({ plan: null }), '/app/templates')).toBe('/app/onboarding/plan')
  })

  it('lets START in whatever its subscription status', () => {
    expect(dashboardEntryRedirect(account({ plan: 'START', availableActions: 5 }), '/app')).toBeUndefined()
  })

  it.each(['active', 'trialing', 'past_due'] as const)('lets a paid plan in while %s', (status) => {
    expect(
      dashboardEntryRedirect(account({ plan: 'TEAM_MONTHLY', subscriptionStatus: status }), '/app'),
    ).toBeUndefined()
  })

  it.each(['canceled', 'unpaid', 'incomplete_expired', null] as const)(
    'sends a paid plan whose subscription is %s to the canceled page',
    (status) => {
      expect(
        dashboardEntryRedirect(
          account({ plan: 'SOLO_YEARLY', subscriptionStatus: status }),
          '/app/templates',
        ),
      ).toBe('/app/onboarding/subscription-canceled')
    },
  )

  it('keeps settings, new organization and billing open', () => {
    for (const path of ['/app/settings', '/app/organizations/new', '/app/organization/settings/']) {
      expect(dashboardEntryRedirect(account({ plan: null }), path)).toBeUndefined()
    }
  })

  describe('price-change notice', () => {
    const notice = {
      plan: 'TEAM_MONTHLY',
      currency: 'usd',
      oldAmount: 4900,
      newAmount: 5900,
      effectiveAt: '2025-05-01T00:00:00.000Z',
    } as const
    const noticed = (role: OrganizationSummary['role']) =>
      account({ plan: 'TEAM_MONTHLY', subscriptionStatus: 'active', priceChangeNotice: notice, role })

    it.each(['OWNER', 'ADMIN'] as const)('sends an %s to the notice from dashboard pages', (role) => {
      expect(hasUnreadPriceChange(noticed(role))).toBe(true)
      expect(dashboardEntryRedirect(noticed(role), '/app')).toBe('/app/price-change-notice')
      expect(dashboardEntryRedirect(noticed(role), '/app/templates')).toBe('/app/price-change-notice')
    })

    it('keeps billing, invoices and settings open', () => {
      for (const path of [
        '/app/organization/billing',
        '/app/organization/invoices',
        '/app/organization/settings',
        '/app/settings',
      ]) {
        expect(dashboardEntryRedirect(noticed('OWNER'), path)).toBeUndefined()
      }
    })

    it('does not stop members, who cannot act on it', () => {
      expect(hasUnreadPriceChange(noticed('MEMBER'))).toBe(false)
      expect(dashboardEntryRedirect(noticed('MEMBER'), '/app')).toBeUndefined()
    })

    it('lets an ended subscription go to the canceled page first', () => {
      const ended = account({
        plan: 'TEAM_MONTHLY',
        subscriptionStatus: 'canceled',
        priceChangeNotice: notice,
      })
      expect(dashboardEntryRedirect(ended, '/app')).toBe('/app/onboarding/subscription-canceled')
    })

    it('lets everyone in once acknowledged', () => {
      expect(
        dashboardEntryRedirect(account({ plan: 'TEAM_MONTHLY', subscriptionStatus: 'active' }), '/app'),
      ).toBeUndefined()
    })
  })

  it('does nothing without an organization', () => {
    expect(organizationPlanState(account(null))).toBe('no-organization')
    expect(dashboardEntryRedirect(account(null), '/app')).toBeUndefined()
  })
})
