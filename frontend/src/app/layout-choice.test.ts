import { describe, expect, it } from 'vitest'
import { chooseLayout } from './layout-choice'

describe('chooseLayout', () => {
  it.each([
    ['/app/admin', 'admin'],
    ['/app/admin/invoices', 'admin'],
    ['/auth/sign-in', 'auth'],
    ['/auth/logout', 'auth'],
    ['/join', 'invite'],
    ['/join/01JTEST?x=1', 'invite'],
    ['/unsubscribe', 'centred'],
    ['/contacts/unsubscribe/abc', 'centred'],
    ['/subscribe/01JORG/01JTOPIC', 'centred'],
    ['/subscribe/confirm', 'centred'],
    ['/price-change-notice', 'invite'],
    ['/app/price-change-notice', 'invite'],
    ['/app/onboarding/checkout?session_id=cs_1&plan=TEAM_MONTHLY', 'onboarding'],
    ['/app/onboarding/plan', 'onboarding'],
    ['/app/onboarding/subscription-canceled', 'onboarding'],
    ['/app', 'dashboard'],
    ['/app/', 'dashboard'],
    ['/app/templates?x=1', 'dashboard'],
    ['/app/organization/settings', 'dashboard'],
    ['/', 'public'],
    ['/pricing', 'public'],
    ['/blog', 'public'],
  ] as const)('%s → %s', (path, layout) => {
    expect(chooseLayout(path)).toBe(layout)
  })

  it('checks the rules in the spec order', () => {
    // admin beats auth and dashboard; auth beats join; onboarding beats dashboard
    expect(chooseLayout('/auth/admin')).toBe('admin')
    expect(chooseLayout('/auth/join')).toBe('auth')
    expect(chooseLayout('/join/unsubscribe')).toBe('invite')
    expect(chooseLayout('/app/unsubscribe')).toBe('centred')
  })

  it('matches whole segments only, so slugs never switch layout', () => {
    expect(chooseLayout('/blog/unsubscribe-tips')).toBe('public')
    expect(chooseLayout('/blog/admin-checklist')).toBe('public')
    expect(chooseLayout('/blog/apps-for-ses')).toBe('public')
    expect(chooseLayout('/application')).toBe('public')
    expect(chooseLayout('/app-onboarding')).toBe('public')
    expect(chooseLayout('/blog/join-us')).toBe('public')
    expect(chooseLayout('/app/onboardingx')).toBe('dashboard')
  })
})
