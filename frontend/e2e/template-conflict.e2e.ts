import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { openTab, screenshot } from './support/browser'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, submitSignUp } from './support/session'

const browser = browserForFile()

async function editSubject(page: Page, subject: string) {
  const field = page.getByRole('textbox', { name: 'Subject' })
  await field.fill(subject)
}

describe('two editors on one template (local API)', () => {
  it('refuses the stale save with a choice: overwrite keeps both versions in the history, reload drops the edit', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    page.on('dialog', (dialog) => void dialog.accept())
    await page.goto(at('/auth/sign-up'))
    await submitSignUp(page, uniqueEmail('template-conflict'))
    await page.waitForURL(at('/app/onboarding/plan'))
    await page.getByRole('button', { name: 'Start for free' }).click()
    await page.waitForURL(at('/app'))

    await page.goto(at('/app/templates/new'))
    await page.getByRole('button', { name: 'Use Blank HTML' }).click()
    const create = page.getByRole('dialog', { name: /^New template/ })
    await create.getByLabel('Template name').fill('shared-template')
    await create.getByRole('button', { name: 'Create and edit' }).click()
    await page.waitForURL(/\/app\/templates\/[0-9A-Z]{26}$/)
    await page.getByRole('heading', { level: 1, name: 'shared-template' }).waitFor()

    // A teammate (here: a second tab) saves version 2 while this editor still holds version 1.
    const other = await tab.context.newPage()
    await other.goto(page.url())
    await other.getByRole('heading', { level: 1, name: 'shared-template' }).waitFor()
    await editSubject(other, 'Theirs')
    await other.getByRole('button', { name: /^Save · / }).click()
    await other.getByText('Saved as version 2.').waitFor()

    await editSubject(page, 'Mine')
    await page.getByRole('button', { name: /^Save · / }).click()
    const conflict = page.getByRole('dialog', { name: 'Someone saved this template meanwhile' })
    await conflict.getByText('You edited version 1. Version 2 was saved since').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'desktop-template-conflict')
    await conflict.getByRole('button', { name: 'Overwrite with my changes' }).click()
    await page.getByText('Saved as version 3.').waitFor()
    // The refused save spent nothing: create, the other tab's save and the overwrite did (2 of 5 left).
    await page.getByText('2 / 5').first().waitFor()
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('Mine')

    // Both saves are in the history.
    await page.getByRole('button', { name: 'History' }).click()
    await page.getByText('Version 3').first().waitFor()
    await page.getByText('Version 2').first().waitFor()

    // The other tab is now the stale one: reloading takes the newest version and drops its edit.
    await editSubject(other, 'Theirs again')
    await other.getByRole('button', { name: /^Save · / }).click()
    const stale = other.getByRole('dialog', { name: 'Someone saved this template meanwhile' })
    await stale.getByRole('button', { name: 'Reload the newest version' }).click()
    await stale.waitFor({ state: 'hidden' })
    await other.getByText(/^Version 3, saved/).waitFor()
    expect(await other.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('Mine')

    expect(tab.pageErrors).toEqual([])
    await other.close()
    await tab.close()
  }, 120_000)
})
