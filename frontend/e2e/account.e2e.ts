import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openTab, screenshot } from './support/browser'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, PASSWORD, submitSignUp } from './support/session'

const browser = browserForFile()

async function signUp(page: Page, email: string) {
  await page.goto(at('/auth/sign-up'))
  await submitSignUp(page, email)
  // A new organization has no plan: onboarding first.
  await page.waitForURL(at('/app/onboarding/plan'))
  await page.getByRole('button', { name: 'Start for free' }).click()
  await page.waitForURL(at('/app'))
  await page.getByRole('heading', { name: 'Organizations' }).waitFor()
}

async function openOrganizationMenu(page: Page) {
  await page.getByRole('button', { name: /^Organization: / }).click()
}

function organizationRow(page: Page, name: string) {
  return page.getByRole('listitem').filter({ hasText: name })
}

describe('account and organizations in a real browser', () => {
  it('chooses START, creates, switches, renames and deletes organizations', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await signUp(page, uniqueEmail('orgs'))

    await page.getByText('New Organization is on the free START plan.').waitFor()
    await organizationRow(page, 'New Organization')
      .getByText('5 / 5 template actions left this month')
      .waitFor()

    await page.getByRole('link', { name: 'Add Organization' }).click()
    await page.getByLabel('Organization name').fill('Acme Mail')
    await page.getByRole('button', { name: 'Create organization' }).click()
    // Creating selects the new organization and reloads into it: it has no plan yet, so onboarding.
    await page.waitForURL(at('/app/onboarding/plan'))
    await page.getByRole('heading', { name: 'Choose a plan for Acme Mail' }).waitFor()

    await openOrganizationMenu(page)
    await page.getByRole('button', { name: 'New Organization' }).click()
    await page.waitForURL(at('/app'))
    await organizationRow(page, 'New Organization').getByText('Current').waitFor()
    await page.getByRole('button', { name: 'Switch to Acme Mail' }).waitFor()
    await screenshot(page, 'app-organizations')

    await openOrganizationMenu(page)
    await page.getByRole('link', { name: 'Organization settings' }).click()
    await page.getByRole('heading', { name: 'Organization settings' }).waitFor()
    await page.getByLabel('Organization name').fill('Team Blue')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Organization renamed.').waitFor()
    await page.getByText('Team Blue · you are owner').waitFor()

    await page.getByRole('button', { name: 'Delete organization' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete Team Blue?' })
    const confirm = dialog.getByRole('button', { name: 'Delete organization' })
    expect(await confirm.isDisabled()).toBe(true)
    await dialog.getByLabel('Type “Team Blue” to confirm').fill('Team Blue')
    await confirm.click()
    // Acme Mail is now the only organization, so it counts as selected, and it still needs a plan.
    await page.waitForURL(at('/app/onboarding/plan'))
    await page.getByText('Team Blue was deleted.').waitFor()
    await page.getByRole('heading', { name: 'Choose a plan for Acme Mail' }).waitFor()

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('saves the name and deletes the account, which signs it out for good', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    const email = uniqueEmail('delete')
    await signUp(page, email)

    await page.getByRole('button', { name: /Account menu for/ }).click()
    await page.getByRole('link', { name: 'Settings', exact: true }).click()
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Your name was saved.').waitFor()
    await screenshot(page, 'app-settings')

    await page.getByRole('button', { name: 'Delete account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByLabel(`Type “${email}” to confirm`).fill(email)
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await page.waitForURL(at('/auth/sign-in'))
    await page.getByText('Your account was deleted.').waitFor()

    await page.goto(at('/app'))
    await page.waitForURL(at('/auth/sign-in'))
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('alert').getByText('Incorrect email or password.').waitFor()

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })
})
