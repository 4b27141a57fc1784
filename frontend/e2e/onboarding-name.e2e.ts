import { describe, expect, it } from 'vitest'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, submitSignUp } from './support/session'

const browser = browserForFile()

describe('naming the organization after sign-up', () => {
  it('asks for the name above the plans, refuses an empty one, and chooses the plan for the named organization', async () => {
    for (const width of [1280, 390]) {
      const tab = await openTab(browser(), { width, height: 900 })
      const { page } = tab
      await page.goto(at('/auth/sign-up'))
      await submitSignUp(page, uniqueEmail('naming'))
      await page.getByRole('heading', { name: 'Choose a plan for New Organization' }).waitFor()
      const name = page.getByRole('form', { name: 'Name your organization' }).getByLabel('Organization name')
      // uniqueEmail is at example.com, a shared domain: the person's own first word is offered.
      expect(await name.inputValue()).toMatch(/^Naming/)
      await name.fill('   ')
      await page.getByRole('button', { name: 'Save name' }).click()
      await page.getByText('Give the organization a name.').waitFor()
      expect(await hasHorizontalOverflow(page)).toBe(false)
      await screenshot(page, `ui-signup-org-name-${width}`)

      await name.fill('Acme Books')
      await page.getByRole('button', { name: 'Save name' }).click()
      await page.getByRole('heading', { name: 'Choose a plan for Acme Books' }).waitFor()
      expect(await page.getByRole('form', { name: 'Name your organization' }).count()).toBe(0)
      expect(tab.pageErrors).toEqual([])
      await tab.close()
    }
  })
})
