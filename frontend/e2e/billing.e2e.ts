import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack, submitSignUp } from './support/session'

const browser = browserForFile()

async function signUpToPlans(page: Page, prefix: string) {
  await page.goto(at('/auth/sign-up'))
  await submitSignUp(page, uniqueEmail(prefix))
  await page.waitForURL(at('/app/onboarding/plan'))
  await page.getByRole('heading', { name: /^Choose a plan for/ }).waitFor()
}

/** From the plan page to the Stripe stand-in's hosted checkout. */
async function openCheckout(page: Page, tier: 'Solo' | 'Team' | 'Team Plus') {
  await page
    .getByRole('region', { name: tier, exact: true })
    .getByRole('button', { name: `Choose ${tier}` })
    .click()
  await page.waitForURL((url) => url.href.startsWith(`${stack.stripe.publicUrl}/checkout/`))
  await page.getByRole('heading', { name: 'Pay with card' }).waitFor()
}

async function pay(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber)
  await page.getByLabel('Cardholder name').fill('Ada Lovelace')
  await page.getByRole('button', { name: 'Subscribe' }).click()
}

/** The webhook may land a moment after the browser returns: reload until the page shows it. */
async function reloadUntil(page: Page, check: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    // Judge the page once its API calls have answered, not while it is still loading (slow under load).
    await page.waitForLoadState('networkidle').catch(() => undefined)
    if (await check()) return
    await page.waitForTimeout(500)
    await page.reload()
  }
  throw new Error(`never saw ${what} on ${page.url()}`)
}

describe('billing in a real browser (Stripe stand-in)', () => {
  it('subscribes to Team monthly, lists and downloads the invoice, and switches to yearly in the portal', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await signUpToPlans(page, 'team')
    await openCheckout(page, 'Team')
    await page.getByText('$49.00').first().waitFor()
    await screenshot(page, 'desktop-stripe-checkout')
    await pay(page, '4242 4242 4242 4242')

    // Back in the app: the activation page waits for the webhook, then the dashboard.
    await page.waitForURL((url) => url.pathname === '/app', { timeout: 30_000 })
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Dashboard' })
    await nav.getByRole('link', { name: 'Reusable blocks', exact: true }).waitFor()
    expect(await nav.getByRole('link', { name: /Reusable blocks.*Team/ }).count()).toBe(0)
    expect(await page.getByTestId('template-actions-widget').count()).toBe(0)
    await page.getByText('Team', { exact: true }).first().waitFor()
    await screenshot(page, 'desktop-dashboard-team')

    await page.goto(at('/app/organization/invoices'))
    await page.getByRole('heading', { name: 'Invoices' }).waitFor()
    const pdfLink = page.getByRole('link', { name: /PDF/ }).first()
    await pdfLink.waitFor()
    expect(await page.getByText('$49.00').count()).toBeGreaterThan(0)
    const pdf = await fetch(String(await pdfLink.getAttribute('href')))
    expect(pdf.headers.get('content-type')).toContain('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'desktop-invoices')

    await page.goto(at('/app/organization/billing'))
    await page.getByRole('heading', { name: 'Subscription & billing' }).waitFor()
    await page.getByText('Team (monthly)').first().waitFor()
    await screenshot(page, 'desktop-billing')
    await page.getByRole('button', { name: 'Change plan' }).click()
    await page.waitForURL((url) => url.href.startsWith(`${stack.stripe.publicUrl}/portal/`))
    await page.getByRole('button', { name: 'Switch to Team (yearly)', exact: true }).click()
    await page.getByText('Your plan was switched.').waitFor()
    await screenshot(page, 'desktop-stripe-portal')
    await page.getByRole('link', { name: /Return to/ }).click()
    await page.waitForURL(at('/app/organization/billing'))
    // The page catches up with Stripe by itself once the webhook lands: no reload.
    await page.getByText('Team (yearly)').first().waitFor()
    await screenshot(page, 'desktop-billing-yearly')

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(at('/app/organization/invoices'))
    await page.getByRole('heading', { name: 'Invoices' }).waitFor()
    await reloadUntil(
      page,
      async () => (await page.getByRole('link', { name: /PDF/ }).count()) >= 2,
      'two invoices',
    )
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-invoices')
    await tab.close()
  }, 120_000)

  it("a START organization's Upgrade opens the plan chooser and goes on to checkout", async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await signUpToPlans(page, 'upgrade')
    // Built features carry no coming-soon mark.
    const team = page.getByRole('region', { name: 'Team', exact: true })
    for (const built of ['Email campaigns', 'Contacts and topics', 'Reusable blocks'])
      expect(await team.getByRole('listitem').filter({ hasText: built }).textContent()).not.toContain(
        'Coming soon',
      )
    await page.getByRole('button', { name: 'Start for free' }).click()
    await page.waitForURL(at('/app'))

    await page.goto(at('/app/blocks'))
    await page.getByRole('link', { name: 'Upgrade to Team' }).click()
    await page.waitForURL(at('/app/organization/billing?choose=plan'))
    const chooser = page.getByRole('region', { name: 'Choose a paid plan' })
    await chooser.getByRole('button', { name: 'Choose Team', exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Hide plans' }).getAttribute('aria-expanded')).toBe('true')
    await screenshot(page, 'desktop-billing-plan-chooser')
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-billing-plan-chooser')
    await page.setViewportSize({ width: 1280, height: 860 })
    await chooser.getByRole('button', { name: 'Choose Team', exact: true }).click()
    await page.waitForURL((url) => url.href.startsWith(`${stack.stripe.publicUrl}/checkout/`))
    await page.getByRole('heading', { name: 'Pay with card' }).waitFor()
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 90_000)

  it('a declined card leaves the organization without a plan and says why', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await signUpToPlans(page, 'declined')
    await openCheckout(page, 'Solo')
    await pay(page, '4000 0000 0000 0002')
    await page
      .getByRole('alert')
      .getByText(/card was declined/i)
      .waitFor()
    await screenshot(page, 'desktop-stripe-declined')
    await page.getByRole('link', { name: /Back/ }).first().click()
    await page.waitForURL((url) => url.pathname === '/app/onboarding/plan')
    await page.getByText(/Checkout was canceled/).waitFor()
    await screenshot(page, 'desktop-plan-after-decline')
    // Still no plan: the dashboard sends the user back here.
    await page.goto(at('/app'))
    await page.waitForURL(at('/app/onboarding/plan'))
    await tab.close()
  }, 90_000)
})
