import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { openTab, screenshot } from './support/browser'
import { engage, fitsPhone, LAUNCH, seed, sendCampaign, until } from './support/campaign-seed'
import { at, browserForFile, submitSignIn } from './support/session'

const browser = browserForFile()

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

describe('a campaign report’s audience actions in a real browser', () => {
  it('creates a topic with the contacts who clicked: a confirmation with the count, the result, the topic with them opted in', async () => {
    const seeded = await seed()
    const { api, orgId, contacts } = seeded
    const sent = await sendCampaign(seeded, 'Autumn books', { delivered: 5, flagged: 1 })
    // a and c click; e clicks too, but complained: suppressed, so the new topic must skip it.
    await engage(api, orgId, sent.id, [
      [sent.messageOf('a'), 'OPEN'],
      [sent.messageOf('a'), 'CLICK', LAUNCH],
      [sent.messageOf('c'), 'CLICK', LAUNCH],
      [sent.messageOf('e'), 'CLICK', LAUNCH],
    ])

    const tab = await openTab(browser(), { width: 1440, height: 1000 })
    const { page } = tab
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, seeded.owner.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))
    await page.goto(at(`/app/campaigns/${sent.id}`))
    await page.getByRole('heading', { level: 1, name: 'Autumn books' }).waitFor()

    const actions = page.getByRole('region', { name: 'Audience actions' })
    const clicked = actions.getByRole('button', { name: 'Create a topic with the contacts who clicked' })
    await until(
      () => clicked.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).innerText()),
      (text) => text === '3 contacts',
      'the clicked count',
    )
    // Nobody unsubscribed: that action is disabled with its reason.
    const unsubscribed = actions.getByRole('button', { name: /contacts who unsubscribed/ })
    expect(await unsubscribed.isDisabled()).toBe(true)
    const reason = await unsubscribed.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${reason}"]`).innerText()).toBe(
      '0 contacts · No contact has this outcome.',
    )
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 900 })
    await fitsPhone(page)
    await screenshot(page, 'mobile-campaign-actions')
    await page.setViewportSize({ width: 1440, height: 1000 })

    await clicked.click()
    const dialog = page.getByRole('dialog', { name: 'Create a topic with the contacts who clicked' })
    await dialog.getByText('This touches 3 contacts who clicked a link.').waitFor()
    expect(await dialog.getByLabel('New topic’s name').inputValue()).toBe('Clicked “Autumn books”')
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaign-action-confirm')
    await dialog.getByRole('button', { name: 'Create the topic' }).click()

    const result = actions.getByRole('list', { name: 'Result' })
    await result.getByText('2 contacts opted in').waitFor({ timeout: 120_000 })
    await result.getByText('1 contact skipped (suppressed or unsubscribed from everything)').waitFor()
    await actions.getByRole('heading', { name: 'Filled the new topic' }).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaign-action-result')
    await page.setViewportSize({ width: 390, height: 900 })
    await fitsPhone(page)
    await expectAccessible(page)
    await screenshot(page, 'mobile-campaign-action-result')
    await page.setViewportSize({ width: 1440, height: 1000 })

    // The run is the server's: a reload still lists it with its result.
    await page.reload()
    await actions.getByRole('list', { name: 'Result' }).getByText('2 contacts opted in').waitFor()

    // Delete the bounced contact (d hard-bounced); afterwards nothing is offered again, after a reload too.
    const deleteBounced = actions.getByRole('button', { name: 'Delete the bounced contacts' })
    const describe = async () =>
      page.locator(`[id="${await deleteBounced.getAttribute('aria-describedby')}"]`).innerText()
    await until(describe, (text) => text === '1 contact', 'the bounced count')
    await deleteBounced.click()
    await page
      .getByRole('dialog', { name: 'Delete the bounced contacts' })
      .getByRole('button', { name: 'Delete them' })
      .click()
    await actions
      .locator('[data-action="delete-bounced"]')
      .getByText('1 contact deleted')
      .waitFor({ timeout: 120_000 })
    await until(
      describe,
      (text) => text === '0 contacts · Done: nobody new since the last run.',
      'the offer after the run',
    )
    expect(await deleteBounced.isDisabled()).toBe(true)
    await page.reload()
    await actions.locator('[data-action="delete-bounced"]').getByText('1 contact deleted').waitFor()
    await until(describe, (text) => text.startsWith('0 contacts · Done'), 'the offer after a reload')
    expect(await deleteBounced.isDisabled()).toBe(true)
    // The unsubscribe is moot too: the contact is gone.
    const unsubscribeBounced = actions.getByRole('button', { name: 'Unsubscribe the bounced contacts' })
    expect(await unsubscribeBounced.isDisabled()).toBe(true)
    await screenshot(page, 'desktop-campaign-actions-after-reload')
    await page.setViewportSize({ width: 390, height: 900 })
    await fitsPhone(page)
    await screenshot(page, 'mobile-campaign-actions-after-reload')
    await page.setViewportSize({ width: 1440, height: 1000 })

    await actions.getByRole('link', { name: 'Open the topic “Clicked “Autumn books””' }).click()
    await page.waitForURL(
      (url) => url.pathname.endsWith('/audience/contacts') && url.search.includes('topicId'),
    )
    const table = page
      .locator('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Subscribed to' }) })
    const emails = await until(
      () => table.locator('tbody th a').allInnerTexts(),
      (values) => values.length === 2,
      'the new topic’s members',
    )
    expect(emails.sort()).toEqual([contacts.a?.email, contacts.c?.email].sort())
    for (const email of emails) {
      const row = table.locator('tbody tr').filter({ has: page.getByRole('link', { name: email }) })
      await row.getByText('Clicked “Autumn books”').waitFor()
    }
    await expectAccessible(page)
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 420_000)
})
