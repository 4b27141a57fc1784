import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './browser'
import { injectLocalStack } from './mailbox'

/** The stack the e2e global setup started (built bundle, production CSP). */
export const stack = injectLocalStack()
export const at = (path: string) => new URL(path, stack.appUrl).toString()
export const PASSWORD = 'Str0ng!Passw0rd'

/** One Chromium for the test file, closed after it: `openTab(browser())`. */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('The browser is not running yet')
    return browser
  }
}

/** Fills and submits the sign-up form on the current page. */
export async function submitSignUp(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('heading', { name: 'Create your account' }).waitFor()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
}

/** Fills and submits the sign-in form on the current page. */
export async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}
