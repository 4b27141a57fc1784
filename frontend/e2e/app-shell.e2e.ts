import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import {
  type BrowserTab,
  hasHorizontalOverflow,
  openTab,
  SCREENSHOT_DIR,
  screenshot,
} from './support/browser'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, PASSWORD, stack, submitSignIn, submitSignUp } from './support/session'

/** The local stack's app config names this company domain (packages/local-stack/src/web/app-config.ts). */
const ADMIN_DOMAIN = 'admin.ses-studio.test'

const browser = browserForFile()

async function signUpToOnboarding(page: Page, email: string) {
  await page.goto(at('/auth/sign-up'))
  await submitSignUp(page, email)
  await page.waitForURL(at('/app/onboarding/plan'))
  await page.getByRole('heading', { name: /^Choose a plan for/ }).waitFor()
}

async function chooseStart(page: Page) {
  await page.getByRole('button', { name: 'Start for free' }).click()
  await page.waitForURL(at('/app'))
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await submitSignIn(page, email, password)
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu for/ }).click()
  await page.getByRole('link', { name: 'Sign Out' }).click()
  await page.waitForURL(at('/auth/sign-in'))
}

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

function sectionToggle(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name, exact: true })
}

async function expectFits(tab: BrowserTab) {
  expect(await hasHorizontalOverflow(tab.page), `overflow at ${tab.page.url()}`).toBe(false)
}

describe('app shell in a real browser (built bundle, production CSP)', () => {
  it('onboards on START, shows the shell, remembers sidebar sections, returns to the asked-for page', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    const email = uniqueEmail('shell')

    await page.goto(at('/auth/sign-in'))
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-sign-in')

    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByRole('heading', { name: 'Create your account' }).waitFor()
    await expectAccessible(page)
    await signUpToOnboarding(page, email)
    for (const tier of ['Solo', 'Team', 'Team Plus']) {
      await page.getByRole('region', { name: tier, exact: true }).getByText('/ month').waitFor()
    }
    await page.getByRole('button', { name: 'Yearly' }).click()
    await page.getByRole('region', { name: 'Team', exact: true }).getByText('$490').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-onboarding')

    await chooseStart(page)
    const widget = page.getByTestId('template-actions-widget')
    expect(await widget.textContent()).toContain('5 / 5')
    expect(await widget.getByRole('link', { name: 'Upgrade' }).count()).toBe(0)
    // Initials of the email's local part ('shell-…-…') while the account has no name.
    expect(await page.getByTestId('avatar').textContent()).toMatch(/^S[A-Z0-9]$/)
    // START: team features carry a lock badge, plain pages none.
    const nav = page.getByRole('navigation', { name: 'Dashboard' })
    await nav.getByRole('link', { name: /Reusable blocks.*Team/ }).waitFor()
    await nav.getByRole('link', { name: /Github sync.*Solo/ }).waitFor()
    expect(await nav.getByRole('link', { name: 'All templates', exact: true }).count()).toBe(1)
    await page.getByRole('link', { name: 'Visit our blog and learn more' }).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-dashboard')

    // Collapse Templates, open Campaigns; both survive a reload.
    await sectionToggle(page, 'Templates').click()
    await sectionToggle(page, 'Campaigns').click()
    expect(await sectionToggle(page, 'Templates').getAttribute('aria-expanded')).toBe('false')
    await page.reload()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    expect(await sectionToggle(page, 'Templates').getAttribute('aria-expanded')).toBe('false')
    expect(await sectionToggle(page, 'Campaigns').getAttribute('aria-expanded')).toBe('true')
    expect(await nav.getByRole('link', { name: 'All templates' }).count()).toBe(0)
    await nav.getByRole('link', { name: /Create campaign/ }).click()
    await page.waitForURL(at('/app/campaigns/new'))
    await page.getByRole('heading', { name: 'Create campaign' }).waitFor()
    // A real page now: locked on this plan, naming the plan that has it.
    await page.getByText('Campaigns comes with the Team or Team Plus plan').waitFor()
    expect(await page.getByText('Coming soon').count()).toBe(0)

    // Every other shell page opens with an honest empty state, or its real content.
    for (const [path, heading] of [
      ['/app/templates', 'All templates'],
      ['/app/blocks', 'Reusable blocks'],
      ['/app/github-sync', 'Github sync'],
      ['/app/audience/contacts', 'Contacts'],
      ['/app/audience/topics', 'Topics'],
      ['/app/campaigns', 'All campaigns'],
      ['/app/aws-account', 'AWS account status'],
      ['/app/monitoring', 'Logs & metrics'],
      ['/app/email-identities', 'Email identities'],
      ['/app/aws-accounts/new', 'Add AWS Account'],
      ['/app/organization/team', 'Team'],
      ['/app/organization/billing', 'Subscription & billing'],
      ['/app/organization/invoices', 'Invoices'],
      ['/app/organization/settings', 'Organization settings'],
      ['/app/organization/api-keys', 'API keys'],
      ['/app/organization/webhooks', 'Webhooks'],
      ['/app/settings', 'Settings'],
    ] as const) {
      await page.goto(at(path))
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor()
    }

    // Placeholder pages say honestly that they are coming.
    for (const path of ['/app/github-sync']) {
      await page.goto(at(path))
      await page
        .getByRole('region', { name: 'Coming soon' })
        .getByText('Coming soon', { exact: true })
        .waitFor()
    }

    // A 404 under /app stays in the dashboard; a public one offers the dashboard to a signed-in browser.
    await page.goto(at('/app/no-such-page'))
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor()
    await page.goto(at('/no-such-page'))
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
    await page.getByRole('contentinfo').waitFor()
    const publicMain = page.getByRole('main')
    await publicMain.getByRole('link', { name: 'Go to home' }).waitFor()
    await publicMain.getByRole('link', { name: 'Go to dashboard' }).click()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()

    // Not staff: no Admin Panel entry.
    await page.getByRole('button', { name: /Account menu for/ }).click()
    await page.getByRole('link', { name: 'Settings', exact: true }).waitFor()
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0)
    await page.keyboard.press('Escape')

    await signOut(page)
    await page.goto(at('/app/templates?x=1'))
    await page.waitForURL(at('/auth/sign-in'))
    await signIn(page, email)
    await page.waitForURL(at('/app/templates?x=1'))
    await page.getByRole('heading', { name: 'All templates' }).waitFor()

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('creates an organization from the switcher and switches back', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await signUpToOnboarding(page, uniqueEmail('switch'))
    await chooseStart(page)

    await page.getByRole('button', { name: 'Organization: New Organization' }).click()
    await page.getByRole('banner').getByRole('link', { name: 'Add Organization' }).click()
    await page.getByLabel('Organization name').fill('Globex Mail')
    await page.getByRole('button', { name: 'Create organization' }).click()
    await page.waitForURL(at('/app/onboarding/plan'))
    await page.getByRole('heading', { name: 'Choose a plan for Globex Mail' }).waitFor()
    await chooseStart(page)
    await page.getByRole('button', { name: 'Organization: Globex Mail' }).waitFor()

    await page.getByRole('button', { name: 'Organization: Globex Mail' }).click()
    await page.getByRole('button', { name: /^New Organization/ }).click()
    // Selecting reloads /app in the other organization.
    await page.getByRole('button', { name: /^Organization: New Organization/ }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/app')

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('shows the Admin Panel entry to the company domain only', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await signUpToOnboarding(page, `staff-${Date.now().toString(36)}@${ADMIN_DOMAIN}`)
    await chooseStart(page)
    await page.getByRole('button', { name: /Account menu for/ }).click()
    await page.getByRole('link', { name: 'Admin Panel' }).click()
    await page.waitForURL(at('/app/admin'))
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor()
    await page.getByText('Invoices report').waitFor()
    await page.getByText('Download invoices').waitFor()
    await expectAccessible(page)

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('says "Could not sign in because of an error" when the identity provider fails', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await page.route(`${stack.cognitoEndpoint}/**`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/x-amz-json-1.1',
            body: JSON.stringify({ __type: 'InternalErrorException', message: 'boom' }),
          })
        : route.continue(),
    )
    await page.goto(at('/auth/sign-in'))
    await signIn(page, uniqueEmail('fails'))
    await page.getByRole('alert').getByText('Could not sign in because of an error').waitFor()
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in')

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('works on a 375 px phone: drawer by keyboard, no horizontal overflow on any page', async () => {
    const tab = await openTab(browser(), { width: 375, height: 812 })
    const { page } = tab

    await page.goto(at('/auth/sign-in'))
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()
    await expectFits(tab)
    await screenshot(page, 'mobile-sign-in')

    await signUpToOnboarding(page, uniqueEmail('phone'))
    await expectFits(tab)
    await screenshot(page, 'mobile-onboarding')
    await chooseStart(page)
    await expectFits(tab)
    expect(await page.getByTestId('template-actions-widget').textContent()).toContain('5 / 5')
    await screenshot(page, 'mobile-dashboard')
    // The top bar keeps to one row (menu, organization, actions, avatar) at 375 and 390 px; the AWS selector
    // waits in the drawer.
    for (const width of [375, 390]) {
      await page.setViewportSize({ width, height: 812 })
      const bar = await page.getByRole('banner').boundingBox()
      expect(bar?.height, `top bar at ${width} px`).toBeLessThanOrEqual(64)
      await expectFits(tab)
    }
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'mobile-dashboard-header-390.png') })
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /Add AWS Account/ })
        .count(),
    ).toBe(0)

    // The sidebar is a drawer: hidden until the Menu button opens it; Escape closes it.
    const nav = page.getByRole('navigation', { name: 'Dashboard' })
    expect(await nav.isVisible()).toBe(false)
    const toggle = page.getByRole('button', { name: 'Menu', exact: true })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await nav.waitFor({ state: 'visible' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: /Add AWS Account/ })
      .waitFor()
    await expectAccessible(page)
    await screenshot(page, 'mobile-drawer')
    await page.keyboard.press('Escape')
    await nav.waitFor({ state: 'hidden' })

    await page.keyboard.press('Enter')
    await nav.getByRole('link', { name: /Reusable blocks/ }).click()
    await page.waitForURL(at('/app/blocks'))
    await nav.waitFor({ state: 'hidden' })

    for (const path of [
      '/app/blocks',
      '/app/settings',
      '/app/organization/settings',
      '/app/organizations/new',
      '/app/organization/billing',
      '/app/organization/api-keys',
      '/app/organization/webhooks',
    ]) {
      await page.goto(at(path))
      await page.getByRole('heading', { level: 1 }).waitFor()
      await expectFits(tab)
    }

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })
})
