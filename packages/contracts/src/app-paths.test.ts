import { describe, expect, it } from 'vitest'
import { appPaths, CHECKOUT_SESSION_ID_PLACEHOLDER, PLAN_CHOOSER_PARAM } from './app-paths'

describe('appPaths', () => {
  it('builds the addresses the app has always used', () => {
    expect(appPaths.dashboard()).toBe('/app')
    expect(appPaths.template('01J0ABC')).toBe('/app/templates/01J0ABC')
    expect(appPaths.block('01J0XYZ')).toBe('/app/blocks/01J0XYZ')
    expect(appPaths.campaign('01J0CMP')).toBe('/app/campaigns/01J0CMP')
    expect(appPaths.templatesSes()).toBe('/app/templates/ses')
    expect(appPaths.planChooser()).toBe(`/app/organization/billing?${PLAN_CHOOSER_PARAM}=plan`)
    expect(appPaths.onboardingPlan({ checkout: 'canceled' })).toBe('/app/onboarding/plan?checkout=canceled')
    expect(appPaths.priceChangeNotice()).toBe('/app/price-change-notice')
    expect(appPaths.contactsImport()).toBe('/app/audience/contacts/import')
  })

  it("keeps a route pattern's placeholder for the router", () => {
    expect(appPaths.template(':id')).toBe('/app/templates/:id')
    expect(appPaths.contact(':id')).toBe('/app/audience/contacts/:id')
    expect(appPaths.campaign(':id')).toBe('/app/campaigns/:id')
  })

  it('encodes ids as one path segment', () => {
    expect(appPaths.template('a/b?c#d')).toBe('/app/templates/a%2Fb%3Fc%23d')
    expect(appPaths.contact('../admin')).toBe('/app/audience/contacts/..%2Fadmin')
    expect(appPaths.campaign('x:y')).toBe('/app/campaigns/x%3Ay')
    expect(appPaths.block('a b')).toBe('/app/blocks/a%20b')
    expect(appPaths.compareCampaigns(['a,b', 'c'])).toBe('/app/campaigns/compare?ids=a%2Cb,c')
  })

  it('encodes query values and leaves out the undefined ones', () => {
    expect(appPaths.templatesSes({ awsAccount: 'acc_1', review: 'tpl 2&x=1' })).toBe(
      '/app/templates/ses?awsAccount=acc_1&review=tpl+2%26x%3D1',
    )
    expect(appPaths.templatesSes({ awsAccount: undefined })).toBe('/app/templates/ses')
    expect(appPaths.contacts({ topicId: 't/1', status: 'optIn', q: undefined })).toBe(
      '/app/audience/contacts?topicId=t%2F1&status=optIn',
    )
    expect(appPaths.campaign('c1', { step: 'review' })).toBe('/app/campaigns/c1?step=review')
    expect(appPaths.template('t1', { forCampaign: 'c 1', fix: 'variables' })).toBe(
      '/app/templates/t1?forCampaign=c+1&fix=variables',
    )
    expect(appPaths.newTemplate({ blank: 'MJML' })).toBe('/app/templates/new?blank=MJML')
  })

  it("leaves Stripe's session placeholder unencoded in Checkout's return address", () => {
    expect(appPaths.checkoutReturn('TEAM_MONTHLY')).toBe(
      `/app/onboarding/checkout?session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}&plan=TEAM_MONTHLY`,
    )
  })

  it('carries mailed tokens in the fragment, encoded', () => {
    expect(appPaths.verifyEmail('abc_-123')).toBe('/auth/verify-email#token=abc_-123')
    expect(appPaths.resetPassword('a+b/c=')).toBe('/auth/reset-password#token=a%2Bb%2Fc%3D')
  })
})
