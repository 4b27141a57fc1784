import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { mailedLink, nowSeconds, uniqueEmail } from './support/mailbox'
import { at, browserForFile, PASSWORD, stack, submitSignIn, submitSignUp } from './support/session'

const NEW_PASSWORD = 'N3w-Passw0rd!x'

const browser = browserForFile()

const path = (page: Page) => {
  const url = new URL(page.url())
  return `${url.pathname}${url.search}`
}

async function signUp(page: Page, email: string, password = PASSWORD) {
  await submitSignUp(page, email, password)
}

async function signIn(page: Page, email: string, password: string) {
  await submitSignIn(page, email, password)
}

async function signOut(page: Page) {
  // In the dashboard 'Sign Out' sits in the avatar menu; onboarding shows it directly.
  const menu = page.getByRole('button', { name: /Account menu for/ })
  await menu
    .or(page.getByRole('link', { name: 'Sign Out' }))
    .first()
    .waitFor()
  if (await menu.count()) await menu.click()
  await page.getByRole('link', { name: 'Sign Out' }).click()
  await page.waitForURL(at('/auth/sign-in'))
}

/** A new account's organization has no plan yet: onboarding comes first, START leads to the dashboard. */
async function expectDashboardFor(page: Page, email: string) {
  await page.waitForURL((url) => url.pathname === '/app' || url.pathname === '/app/onboarding/plan')
  if (new URL(page.url()).pathname === '/app/onboarding/plan') {
    await page.getByRole('button', { name: 'Start for free' }).click()
    await page.waitForURL(at('/app'))
  }
  await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(email)
}

describe('auth in a real browser', () => {
  it('signs up, signs out, resets the password from the mailed link and signs in with the new one', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    const email = uniqueEmail('reset')

    await page.goto(at('/auth/sign-up'))
    await page.getByRole('heading', { name: 'Create your account' }).waitFor()
    await page.getByLabel('Password', { exact: true }).fill('short')
    await screenshot(page, 'sign-up')
    await signUp(page, email)
    await expectDashboardFor(page, email)
    await page.getByText('New Organization').first().waitFor()
    await screenshot(page, 'app-home')

    // Signed in: the sign-in page sends you to the dashboard.
    await page.goto(at('/auth/sign-in'))
    await page.waitForURL(at('/app'))

    await signOut(page)
    const resetRequestedAt = nowSeconds()
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL(at('/auth/reset-password'))
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByText(`If an account exists for ${email}`).waitFor()
    await screenshot(page, 'reset-requested')

    const link = await mailedLink(stack, { to: email, path: '/auth/reset-password', since: resetRequestedAt })
    await page.goto(link)
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await screenshot(page, 'reset-new-password')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await page.waitForURL(at('/auth/sign-in'))
    await page.getByText('Your password was changed').waitFor()

    await signIn(page, email, PASSWORD)
    await page.getByText('Incorrect email or password.').waitFor()
    await signIn(page, email, NEW_PASSWORD)
    await expectDashboardFor(page, email)

    // The link works once.
    await page.goto(link)
    await page.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD}2`)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await page.getByText('This reset link is invalid or has expired').waitFor()
    await page.getByRole('link', { name: 'Request a new link' }).waitFor()

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('says "Incorrect email or password." for a wrong password and for an unknown user', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    const email = uniqueEmail('wrong')

    await page.goto(at('/auth/sign-up'))
    await signUp(page, email)
    await expectDashboardFor(page, email)
    await signOut(page)

    await signIn(page, email, 'Wr0ng!Password')
    const toast = page.getByRole('alert').getByText('Incorrect email or password.')
    await toast.waitFor()
    expect(path(page)).toBe('/auth/sign-in')
    await screenshot(page, 'sign-in-wrong-password')

    await page.reload()
    await signIn(page, uniqueEmail('nobody'), PASSWORD)
    await page.getByRole('alert').getByText('Incorrect email or password.').waitFor()

    await page.goto(at('/auth/sign-up'))
    await signUp(page, email)
    await page.getByText('An account with this email already exists').first().waitFor()

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('returns a signed-out visitor to the page they first asked for', async () => {
    const tab = await openTab(browser())
    const { page, context } = tab
    const email = uniqueEmail('callback')

    const callbackCookie = async () =>
      decodeURIComponent((await context.cookies()).find((item) => item.name === 'callback')?.value ?? '')

    // An invitation link sends a signed-out visitor to sign-up instead.
    await page.goto(at('/join?invitation=01JTEST'))
    await page.waitForURL(at('/auth/sign-up'))
    expect(await callbackCookie()).toBe('/join?invitation=01JTEST')

    await page.goto(at('/app/settings'))
    await page.waitForURL(at('/auth/sign-in'))
    const cookie = (await context.cookies()).find((item) => item.name === 'callback')
    expect(decodeURIComponent(cookie?.value ?? '')).toBe('/app/settings')
    expect(cookie?.sameSite).toBe('Lax')

    // Sign-up honours the callback as well.
    await page.getByRole('link', { name: 'Create an account' }).click()
    await signUp(page, email)
    await page.waitForURL(at('/app/settings'))
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    expect((await context.cookies()).some((item) => item.name === 'callback' && item.value !== '')).toBe(
      false,
    )

    await signOut(page)
    await page.goto(at('/app/settings?from=e2e'))
    await page.waitForURL(at('/auth/sign-in'))
    await signIn(page, email, PASSWORD)
    await page.waitForURL(at('/app/settings?from=e2e'))

    // A callback pointing off-site is ignored.
    await signOut(page)
    await context.addCookies([
      { name: 'callback', value: encodeURIComponent('//evil.example/app'), url: stack.appUrl },
    ])
    await signIn(page, email, PASSWORD)
    // /app, which sends this account (no plan chosen yet) on to onboarding.
    await page.waitForURL(at('/app/onboarding/plan'))

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('hides the unverified-email banner once the mailed verification link is followed', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    const email = uniqueEmail('verify')
    const since = nowSeconds()

    await page.goto(at('/auth/sign-up'))
    await signUp(page, email)
    await expectDashboardFor(page, email)
    const banner = page.getByText('Verify your email address')
    await banner.waitFor()
    await page.getByRole('button', { name: 'Resend verification email' }).click()
    await page.getByText(`We sent a new verification link to ${email}.`).waitFor()

    const link = await mailedLink(stack, { to: email, path: '/auth/verify-email', since: since })
    await page.goto(link)
    await page.getByText('Your email address is verified').waitFor()
    await page.getByRole('link', { name: 'Go to dashboard' }).click()
    await expectDashboardFor(page, email)
    await page.getByRole('heading', { name: 'Organizations' }).waitFor()
    expect(await banner.count()).toBe(0)

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('fits a 375 px wide phone screen', async () => {
    const tab = await openTab(browser(), { width: 375, height: 812 })
    const { page } = tab
    const email = uniqueEmail('mobile')

    await page.goto(at('/auth/sign-in'))
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-sign-in')

    await page.getByRole('link', { name: 'Create an account' }).click()
    await signUp(page, email)
    await expectDashboardFor(page, email)
    await page.getByRole('heading', { name: 'Organizations' }).waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-app-home')

    await page.getByRole('button', { name: /Account menu for/ }).click()
    await page.getByRole('link', { name: 'Settings', exact: true }).click()
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-settings')

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })
})
