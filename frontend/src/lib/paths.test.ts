import { describe, expect, it } from 'vitest'
import { PLAN_CHOOSER_PARAM, paths } from './paths'

describe('paths', () => {
  it('builds the addresses the app has always used', () => {
    expect(paths.dashboard()).toBe('/app')
    expect(paths.template('01J0ABC')).toBe('/app/templates/01J0ABC')
    expect(paths.template(':id')).toBe('/app/templates/:id')
    expect(paths.block('01J0XYZ')).toBe('/app/blocks/01J0XYZ')
    expect(paths.templatesSes()).toBe('/app/templates/ses')
    expect(paths.templatesSes({ awsAccount: 'acc_1' })).toBe('/app/templates/ses?awsAccount=acc_1')
    expect(paths.templatesSes({ awsAccount: 'acc_1', review: 'tpl 2' })).toBe(
      '/app/templates/ses?awsAccount=acc_1&review=tpl+2',
    )
    expect(paths.newTemplate({ blank: 'MJML' })).toBe('/app/templates/new?blank=MJML')
    expect(paths.planChooser()).toBe(`/app/organization/billing?${PLAN_CHOOSER_PARAM}=plan`)
    expect(paths.onboardingPlan({ checkout: 'canceled' })).toBe('/app/onboarding/plan?checkout=canceled')
    expect(paths.priceChangeNotice()).toBe('/app/price-change-notice')
    expect(paths.contacts()).toBe('/app/audience/contacts')
    expect(paths.contacts({ topicId: 't1', status: 'optIn' })).toBe(
      '/app/audience/contacts?topicId=t1&status=optIn',
    )
    expect(paths.contact(':id')).toBe('/app/audience/contacts/:id')
    expect(paths.contactsImport()).toBe('/app/audience/contacts/import')
    expect(paths.topics()).toBe('/app/audience/topics')
  })
})
