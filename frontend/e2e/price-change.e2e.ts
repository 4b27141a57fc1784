import { ADMIN_GROUP } from '@app/contracts'
import { apiClient } from '@app/local-stack/testing/api-client'
import { signUp } from '@app/local-stack/testing/cognito-users'
import { mintIdToken } from '@app/local-stack/testing/local-tokens'
import { payCheckout, stripeClient, waitForStripeDeliveries } from '@app/local-stack/testing/stripe'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, PASSWORD, stack, submitSignIn } from './support/session'

const browser = browserForFile()
const PLAN = 'TEAM_PLUS_MONTHLY'

/** An owner subscribed to Team Plus at an older Stripe price ($79) than the catalogue's ($99). */
async function subscriberAtOldPrice() {
  const stripe = stripeClient(stack)
  const current = (await stripe.prices.list({ lookup_keys: [PLAN], active: true })).data[0]
  await stripe.prices.create({
    currency: 'usd',
    unit_amount: 7_900,
    recurring: { interval: 'month' },
    product: String(current?.product),
    lookup_key: PLAN,
    transfer_lookup_key: true,
    metadata: { plan: PLAN },
  })
  const owner = await signUp(stack, { email: uniqueEmail('notice'), password: PASSWORD })
  const api = apiClient(stack, owner.idToken)
  const account = await api.post<{ organizations: { id: string }[] }>('/api/account', { email: owner.email })
  const orgId = account.body.organizations[0]?.id
  const checkout = await api.post<{ url: string }>('/api/payments/checkout-sessions', {
    organizationId: orgId,
    plan: PLAN,
  })
  expect((await payCheckout(checkout.body.url, { card: 'success' })).paid).toBe(true)
  await waitForStripeDeliveries(stack)
  return owner
}

async function applyCataloguePrices() {
  const operator = await signUp(stack, { email: uniqueEmail('operator'), password: PASSWORD })
  await apiClient(stack, operator.idToken).post('/api/account', { email: operator.email })
  const token = await mintIdToken(stack, {
    sub: operator.sub,
    'cognito:username': operator.sub,
    email: operator.email,
    'cognito:groups': [ADMIN_GROUP],
  })
  const synced = await apiClient(stack, token).post<{ changed: { plan: string }[] }>(
    '/api/admin/plan-prices/sync',
  )
  expect(synced.status).toBe(200)
  expect(synced.body.changed.map((change) => change.plan)).toContain(PLAN)
}

describe('price change notice in a real browser', () => {
  it('routes the owner to the notice until they acknowledge it', async () => {
    const owner = await subscriberAtOldPrice()
    await applyCataloguePrices()

    const tab = await openTab(browser())
    const { page } = tab
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, owner.email)
    await page.waitForURL(at('/app/price-change-notice'))
    await page.getByText('$79.00').first().waitFor()
    await page.getByText('$99.00').first().waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'desktop-price-change-notice')

    // Every dashboard page leads here until acknowledged; billing stays open.
    await page.goto(at('/app/templates'))
    await page.waitForURL(at('/app/price-change-notice'))
    await page.goto(at('/app/organization/billing'))
    await page.getByRole('heading', { name: 'Subscription & billing' }).waitFor()

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(at('/app/price-change-notice'))
    await page.getByRole('button', { name: 'Got it' }).waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-price-change-notice')
    await page.getByRole('button', { name: 'Got it' }).click()
    await page.waitForURL(at('/app'))
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await page.goto(at('/app/templates'))
    await page.waitForURL(at('/app/templates'))
    await tab.close()
  }, 90_000)
})
