import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { signUpOnTeam } from './support/journeys'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, submitSignUp } from './support/session'

const browser = browserForFile()
const CONTACT_URL = /\/app\/audience\/contacts\/[0-9A-Z]{26}$/
/** The list settles after a filter change: read it until it shows what is expected. */
const POLL = { timeout: 15_000, interval: 200 }

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

async function newTopic(page: Page, name: string, options: { doubleOptIn?: boolean } = {}) {
  await page.getByRole('button', { name: 'New topic' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New topic' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Description').fill(`${name}, now and then.`)
  if (options.doubleOptIn) await dialog.getByRole('checkbox', { name: /Require confirmation/ }).check()
  await dialog.getByRole('button', { name: 'Create topic' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.getByRole('list', { name: 'Topics' }).getByRole('link', { name, exact: true }).waitFor()
}

/** The emails in the contact table, in order. */
async function listedEmails(page: Page): Promise<string[]> {
  if ((await page.locator('[aria-busy="true"]').count()) > 0) return ['(loading)']
  return page.getByRole('table').getByRole('rowheader').getByRole('link').allTextContents()
}

// A file as people export them from spreadsheets: BOM, CRLF, semicolons, quotes, unicode names, a blank line, an
// invalid address and a duplicate.
const CSV = [
  '\uFEFFE-mail;Prénom;Plan',
  '"bo@example.com";Bo;"pro; yearly"',
  'zoe@example.com;Zoë;free',
  '',
  'not-an-email;X;free',
  'bo@example.com;Bo again;pro',
].join('\r\n')

describe('audience in a real browser', () => {
  it('is locked on START, naming the plan that has it', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await page.goto(at('/auth/sign-up'))
    await submitSignUp(page, uniqueEmail('audience-start'))
    await page.waitForURL(at('/app/onboarding/plan'))
    await page.getByRole('button', { name: 'Start for free' }).click()
    await page.waitForURL(at('/app'))
    await page.goto(at('/app/audience/contacts'))
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    await page.getByText('Audience comes with the Team or Team Plus plan').waitFor()
    expect(await page.getByText('Coming soon').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Add contact' }).count()).toBe(0)
    await expectAccessible(page)
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 90_000)

  it('creates topics, adds a contact, imports a CSV through S3, filters, exports a topic, works at 390 px', async () => {
    const tab = await openTab(browser(), { width: 1440, height: 1000 })
    const { page } = tab
    await signUpOnTeam(page, 'audience')

    // Topics: empty, then two.
    await page.goto(at('/app/audience/topics'))
    await page.getByRole('heading', { level: 1, name: 'Topics' }).waitFor()
    await page.getByText('No topics yet').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-topics-empty')
    await newTopic(page, 'Product news')
    await newTopic(page, 'Weekly digest', { doubleOptIn: true })
    const digest = page
      .getByRole('list', { name: 'Topics' })
      .getByRole('listitem')
      .filter({ hasText: 'Weekly digest' })
    await digest.getByText('Double opt-in').waitFor()

    // A contact by hand: its page shows the subscription and the trail.
    await page.goto(at('/app/audience/contacts'))
    await page.getByText('No contacts yet').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-contacts-empty')
    await page.getByRole('button', { name: 'Add contact' }).first().click()
    const add = page.getByRole('dialog', { name: 'Add contact' })
    await add.getByLabel('Email').fill('not an address')
    await add.getByRole('button', { name: 'Add contact' }).click()
    await add.getByText('Enter a whole email address').waitFor()
    await add.getByLabel('Email').fill('Ana@Example.com')
    await add.getByLabel('First name').fill('Ana')
    await add.getByLabel('Last name').fill('Lima')
    await add.getByRole('button', { name: 'Add attribute' }).click()
    await add.getByLabel('Attribute 1 name').fill('company')
    await add.getByLabel('Attribute 1 value').fill('Acme')
    await add.getByLabel('Product news').selectOption('OPT_IN')
    await expectAccessible(page)
    await screenshot(page, 'desktop-contact-add')
    await add.getByRole('button', { name: 'Add contact' }).click()
    await page.waitForURL(CONTACT_URL)
    await page.getByRole('heading', { level: 1, name: 'ana@example.com' }).waitFor()
    const subscriptions = page.getByRole('list', { name: 'Subscriptions' })
    await subscriptions
      .getByRole('listitem')
      .filter({ hasText: 'Product news' })
      .getByText('Subscribed')
      .waitFor()
    await page.getByText('Acme').waitFor()
    await page
      .getByRole('list', { name: 'Consent trail' })
      .getByText('Changed in the dashboard')
      .first()
      .waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-contact-detail')

    // Import through the presigned upload, with the column mapping.
    await page.goto(at('/app/audience/contacts/import'))
    await page.getByRole('heading', { level: 1, name: 'Import contacts' }).waitFor()
    await page.getByLabel('CSV file').setInputFiles({
      name: 'contacts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    })
    await page.getByRole('cell', { name: 'zoe@example.com' }).waitFor()
    expect(await page.getByLabel('Column E-mail becomes').inputValue()).toBe('__email')
    await page.getByLabel('Attribute name for column Prénom').fill('firstName')
    await page.getByRole('checkbox', { name: 'Product news' }).check()
    await expectAccessible(page)
    await screenshot(page, 'desktop-import-mapping')
    await page.getByRole('button', { name: 'Upload and import' }).click()
    await page.locator('[data-import-status="succeeded"]').waitFor({ timeout: 60_000 })
    const counts = page.getByRole('list', { name: 'Import counts' }).or(page.getByLabel('Import counts'))
    const count = async (label: string) =>
      (
        await counts
          .locator('div')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('dd')
          .textContent()
      )?.trim()
    expect(await count('Created')).toBe('2')
    expect(await count('Invalid')).toBe('2')
    await page.getByRole('link', { name: 'Download the invalid rows' }).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-import-done')

    // Filter by topic and status, and search.
    await page.getByRole('link', { name: 'View contacts' }).click()
    await page.waitForURL(at('/app/audience/contacts'))
    await expect
      .poll(() => listedEmails(page), POLL)
      .toEqual(['ana@example.com', 'bo@example.com', 'zoe@example.com'])
    // The mapped column filled the first name.
    await page.getByRole('row').filter({ hasText: 'zoe@example.com' }).getByText('Zoë').waitFor()
    // The list says its total, from the audience counters.
    await page.getByRole('status').filter({ hasText: '3 contacts' }).waitFor()
    await page.getByLabel('Topic', { exact: true }).selectOption({ label: 'Product news' })
    await page.getByLabel('Status in the topic').selectOption('optIn')
    await page.waitForURL(/status=optIn/)
    await expect
      .poll(() => listedEmails(page), POLL)
      .toEqual(['ana@example.com', 'bo@example.com', 'zoe@example.com'])
    await page.getByLabel('Status in the topic').selectOption('optOut')
    await page.getByText('No contacts match these filters').waitFor()
    await page.getByLabel('Topic', { exact: true }).selectOption({ label: 'Weekly digest' })
    await page.getByLabel('Status in the topic').selectOption('optOut')
    await page.waitForURL(/status=optOut/)
    await page.getByText('3 contacts match these filters').waitFor()
    // SES's reading, as the topic cards count: nobody chose, so the topic's default (OPT_OUT) counts them out.
    await expect
      .poll(() => listedEmails(page), POLL)
      .toEqual(['ana@example.com', 'bo@example.com', 'zoe@example.com'])
    await page.getByRole('checkbox', { name: /Count contacts without a choice/ }).click()
    await page.waitForURL(/optInByDefault=false/)
    await page.getByText('No contacts match these filters').waitFor()
    await page.goto(at('/app/audience/contacts'))
    await page.getByRole('searchbox', { name: 'Search' }).fill('zo')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(/searchQuery=zo/)
    await expect.poll(() => listedEmails(page), POLL).toEqual(['zoe@example.com'])
    await page.getByText('1 contact matches these filters').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-contacts-filtered')

    // Export a topic and open the file.
    await page.goto(at('/app/audience/topics'))
    const news = page
      .getByRole('list', { name: 'Topics' })
      .getByRole('listitem')
      .filter({ hasText: 'Product news' })
    await news.getByText('3', { exact: true }).first().waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Product news' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^topic-[0-9A-Z]{26}-contacts\.csv$/)
    const exported = await readFile(await download.path(), 'utf8')
    for (const email of ['ana@example.com', 'bo@example.com', 'zoe@example.com'])
      expect(exported).toContain(email)

    // Bulk: unsubscribe two from the topic, then delete one.
    await page.goto(at('/app/audience/contacts'))
    await page.getByRole('checkbox', { name: 'Select bo@example.com' }).check()
    await page.getByRole('checkbox', { name: 'Select zoe@example.com' }).check()
    await page.getByText('2 contacts selected').waitFor()
    await page.getByRole('button', { name: 'Change topics' }).click()
    const change = page.getByRole('dialog', { name: /Change topics of 2 contacts/ })
    await change.getByLabel('Topic').selectOption({ label: 'Product news' })
    await change.getByLabel('Change').selectOption('OPT_OUT')
    await change.getByRole('button', { name: 'Apply' }).click()
    await page.getByText(/Topics changed: 2 contacts/).waitFor()
    await page.goto(at('/app/audience/topics'))
    await news.getByRole('definition').first().filter({ hasText: '1' }).waitFor()

    await page.goto(at('/app/audience/contacts'))
    await page.getByRole('checkbox', { name: 'Select zoe@example.com' }).check()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Delete 1 contact?' })
      .getByRole('button', { name: 'Delete contact' })
      .click()
    await page.getByText(/Deleted: 1 contact/).waitFor()
    await expect.poll(() => listedEmails(page), POLL).toEqual(['ana@example.com', 'bo@example.com'])
    expect(tab.pageErrors).toEqual([])

    // A phone.
    await page.setViewportSize({ width: 390, height: 844 })
    for (const [path, name] of [
      ['/app/audience/contacts', 'mobile-contacts'],
      ['/app/audience/topics', 'mobile-topics'],
      ['/app/audience/contacts/import', 'mobile-import'],
    ] as const) {
      await page.goto(at(path))
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' })
      expect(await hasHorizontalOverflow(page), path).toBe(false)
      await expectAccessible(page)
      await screenshot(page, name)
    }
    await page.goto(at('/app/audience/contacts'))
    await page.getByRole('link', { name: 'ana@example.com' }).click()
    await page.waitForURL(CONTACT_URL)
    await page.getByRole('list', { name: 'Consent trail' }).waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-contact-detail')
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 240_000)
})
