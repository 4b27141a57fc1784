import { readFile } from 'node:fs/promises'
import {
  CAMPAIGN_CSV_COLUMNS,
  CAMPAIGN_CSV_FILE_NAMES,
  type CampaignCsvOutcome,
  ONE_CLICK_BODY,
  ONE_CLICK_PATH,
} from '@app/contracts'
import { signedLinkQuery } from '@app/core/audience/unsubscribe/headers'
import { parseSigningKeys } from '@app/core/audience/unsubscribe/links'
import { localSigningKeys } from '@app/local-stack/testing/signing-keys'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { openTab, screenshot } from './support/browser'
import {
  APPLE_PROXY,
  engage,
  fitsPhone,
  LAUNCH,
  PRICING,
  type Report,
  type Seed,
  seed,
  sendCampaign,
  until,
} from './support/campaign-seed'
import { at, browserForFile, stack, submitSignIn } from './support/session'

const browser = browserForFile()

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** The reader unsubscribes through the campaign's one-click link (RFC 8058), as their mail client would. */
async function unsubscribe(seeded: Seed, key: string, campaignId: string) {
  const contact = seeded.contacts[key]
  if (!contact) throw new Error(`no contact ${key}`)
  const query = signedLinkQuery(
    { contact: { id: contact.id, organizationId: seeded.orgId }, topics: [seeded.topicId], campaignId },
    parseSigningKeys(localSigningKeys(stack).unsubscribeKeys),
  )
  const answer = await fetch(`${stack.apiUrl}${ONE_CLICK_PATH}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: ONE_CLICK_BODY,
  })
  expect(answer.status, await answer.clone().text()).toBe(200)
}

/** Clicks a report's CSV button and reads the file the browser saved: its name and records (header first). */
async function downloadCsv(page: Page, outcome: CampaignCsvOutcome) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download CSV of ${outcome} contacts` }).click(),
  ])
  const text = await readFile(await download.path(), 'utf8')
  const [header, ...rows] = parse(text) as string[][]
  return {
    name: download.suggestedFilename(),
    header,
    rows: rows.sort((a, b) => a[0]?.localeCompare(b[0] ?? '') ?? 0),
  }
}

describe('campaign reports in a real browser', () => {
  it('shows a sent campaign’s report with its chart, links, bounces and recipients by outcome; compares two campaigns; shows a contact’s activity', async () => {
    const seeded = await seed()
    const { api, orgId, contacts } = seeded
    const launch = await sendCampaign(seeded, 'November books', { delivered: 5, flagged: 1 })
    const [a, b, c] = [launch.messageOf('a'), launch.messageOf('b'), launch.messageOf('c')]
    await engage(api, orgId, launch.id, [
      [a, 'OPEN'],
      [a, 'CLICK', LAUNCH],
      [a, 'CLICK', PRICING],
      [a, 'CLICK', LAUNCH],
      [b, 'OPEN', undefined, APPLE_PROXY],
      [c, 'CLICK', LAUNCH],
    ])
    // d bounced and e complained: they are suppressed, so the second campaign goes to the other four.
    const second = await sendCampaign(seeded, 'December books', { delivered: 4, flagged: 0 })
    await engage(api, orgId, second.id, [[second.messageOf('f'), 'OPEN']])
    // c unsubscribes through November's link (after December went out, so both campaigns keep their recipients).
    await unsubscribe(seeded, 'c', launch.id)
    await until(
      async () =>
        (await api.get<Report>(`/api/campaigns/${launch.id}/report?organizationId=${orgId}`)).body.counts,
      (counts) => counts.unsubscribes === 1,
      'the unsubscribe to be counted',
    )

    const tab = await openTab(browser(), { width: 1440, height: 1000 })
    const { page } = tab
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, seeded.owner.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))

    // The report: tiles (machine opens left out by default), SES's thresholds, the chart and its text.
    await page.goto(at(`/app/campaigns/${launch.id}`))
    await page.getByRole('heading', { level: 1, name: 'November books' }).waitFor()
    await page.locator('dl[aria-label="Summary"]').getByText('Delivered', { exact: true }).waitFor()
    await page.getByText('leave out 1 machine open').waitFor()
    // a opened; c clicked, which opened it too; b's open was Apple's proxy.
    expect(await tileValue(page, 'Opens')).toBe('2')
    expect(await tileValue(page, 'Clicks')).toBe('2')
    expect(await tileValue(page, 'Delivered')).toBe('5')
    // 1 hard bounce of 6 sent, 1 complaint of 5 delivered: both past SES's critical levels.
    await page.getByText("Bounce rate 16.7%: at or above SES's 10% limit").waitFor()
    await page.getByText("Complaint rate 20%: at or above SES's 0.5% limit").waitFor()
    await page.locator('figure canvas').first().waitFor()
    await page.getByText(/^1 open and 4 clicks, hour by hour/).waitFor()
    await page.getByText('Opens and clicks as a table').click()
    const timeline = page.getByRole('table', { name: /Opens and clicks per hour/ })
    expect(await timeline.locator('tbody tr').count()).toBeGreaterThan(0)
    await page.getByRole('group', { name: 'Machine opens' }).getByRole('button', { name: 'Counted' }).click()
    await page.getByText('count 1 machine open').waitFor()
    await until(
      () => tileValue(page, 'Opens'),
      (value) => value === '3',
      'machine opens counted',
    )
    await page.getByRole('group', { name: 'Machine opens' }).getByRole('button', { name: 'Left out' }).click()
    await page.getByText('leave out 1 machine open').waitFor()

    // Links (people and clicks) and the bounce breakdown.
    const links = page.getByRole('table', { name: 'Clicks per link, most clicked first' })
    expect(await rowCells(links, LAUNCH)).toEqual([LAUNCH, '2', '3'])
    expect(await rowCells(links, PRICING)).toEqual([PRICING, '1', '1'])
    const bounces = page.getByRole('table', { name: 'Bounces by type, most frequent first' })
    await bounces.getByText('Hard bounce: general').waitFor()

    // The four contact files, downloaded as a reader would, under the spec's names.
    const emails = (...keys: string[]) => keys.map((key) => contacts[key]?.email ?? '').sort()
    const expected: Record<CampaignCsvOutcome, { emails: string[]; details: (row: string[]) => unknown }> = {
      // Machine opens left out: b (Apple's proxy) is not in it; c's click counts as its open.
      opened: { emails: emails('a', 'c'), details: (row) => [row[4], row[5], row[6]] },
      clicked: { emails: emails('a', 'c'), details: (row) => [row[4], row[5]] },
      unsubscribed: { emails: emails('c'), details: (row) => row.length },
      bounced: { emails: emails('d'), details: (row) => [row[4], row[5]] },
    }
    for (const outcome of ['opened', 'clicked', 'unsubscribed', 'bounced'] as const) {
      const file = await downloadCsv(page, outcome)
      expect(file.name).toBe(CAMPAIGN_CSV_FILE_NAMES[outcome])
      expect(file.header).toEqual([...CAMPAIGN_CSV_COLUMNS[outcome]])
      expect(file.rows.map((row) => row[0])).toEqual(expected[outcome].emails)
      for (const row of file.rows) {
        const key = Object.keys(contacts).find((name) => contacts[name]?.email === row[0]) ?? ''
        expect(row[1]).toBe(`Reader ${key.toUpperCase()}`)
        expect(Date.parse(row[3] ?? '')).toBeGreaterThan(0)
      }
      const details = file.rows.map(expected[outcome].details)
      // Rows by email: a's (`success+a-…`) before c's.
      if (outcome === 'opened')
        expect(details).toEqual([
          ['1', '0', 'false'],
          ['0', '0', 'false'],
        ])
      if (outcome === 'clicked')
        expect(details).toEqual([
          [LAUNCH, '3'],
          [LAUNCH, '1'],
        ])
      if (outcome === 'unsubscribed') expect(details).toEqual([4])
      if (outcome === 'bounced') expect(details).toEqual([['Permanent', 'General']])
    }
    await page.getByText('The CSV file is downloading.').first().waitFor()
    // With machine opens counted, the opened file lists b too, its first open a machine's.
    await page.getByRole('group', { name: 'Machine opens' }).getByRole('button', { name: 'Counted' }).click()
    await until(
      () => tileValue(page, 'Opens'),
      (value) => value === '3',
      'machine opens counted',
    )
    const withMachines = await downloadCsv(page, 'opened')
    expect(withMachines.rows.map((row) => row[0])).toEqual(emails('a', 'b', 'c'))
    expect(withMachines.rows.find((row) => row[0] === contacts.b?.email)?.slice(4)).toEqual([
      '1',
      '1',
      'true',
    ])
    await page.getByRole('group', { name: 'Machine opens' }).getByRole('button', { name: 'Left out' }).click()
    await page.getByText('leave out 1 machine open').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaign-report')

    // Recipients by outcome, and by email.
    const recipients = page.getByRole('table', { name: /Each recipient's sending status/ })
    await page.getByLabel('Show', { exact: true }).selectOption('outcome:clicked')
    await until(
      () => recipientEmails(recipients),
      (emails) => emails.length === 2,
      'the clicked recipients',
    )
    expect((await recipientEmails(recipients)).sort()).toEqual([contacts.a?.email, contacts.c?.email].sort())
    await page.getByLabel('Show', { exact: true }).selectOption('outcome:bounced')
    await until(
      () => recipientEmails(recipients),
      (emails) => emails.length === 1,
      'the bounced recipient',
    )
    expect(await recipientEmails(recipients)).toEqual([contacts.d?.email])
    await recipients.getByText('Hard bounce: general').waitFor()
    await page.getByLabel('Show', { exact: true }).selectOption('outcome:complained')
    await until(
      () => recipientEmails(recipients),
      (emails) => emails[0] === contacts.e?.email,
      'the complaint',
    )
    await page.getByLabel('Show', { exact: true }).selectOption('')
    await page.getByLabel('Email starts with').fill(contacts.b?.email.slice(0, 12) ?? '')
    await page.getByLabel('Email starts with').press('Enter')
    await until(
      () => recipientEmails(recipients),
      (emails) => emails.length === 1,
      'the searched recipient',
    )
    expect(await recipientEmails(recipients)).toEqual([contacts.b?.email])
    await page.getByLabel('Show', { exact: true }).selectOption('outcome:opened')
    await until(
      () => recipientEmails(recipients),
      (emails) => emails.length === 1,
      'b opened (machine)',
    )
    await page.getByLabel('Email starts with').fill('')
    await page.getByLabel('Email starts with').press('Enter')
    await page.setViewportSize({ width: 390, height: 900 })
    await fitsPhone(page)
    await expectAccessible(page)
    await screenshot(page, 'mobile-campaign-report')
    await page.setViewportSize({ width: 1440, height: 1000 })

    // Compare: tick the two campaigns on the list.
    await page.goto(at('/app/campaigns'))
    await page.getByRole('checkbox', { name: 'Compare November books' }).check()
    await page.getByRole('checkbox', { name: 'Compare December books' }).check()
    await page.getByRole('link', { name: 'Compare', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Compare campaigns' }).waitFor()
    const compare = page.getByRole('table', { name: /Rates and counts of each campaign/ })
    await compare.getByRole('link', { name: 'November books' }).waitFor()
    await compare.getByRole('link', { name: 'December books' }).waitFor()
    expect(await rowCells(compare, 'Click rate')).toEqual(['Click rate', '40% (best)', '0%'])
    expect(await rowCells(compare, 'Open rate')).toEqual(['Open rate', '40% (best)', '25%'])
    expect(await rowCells(compare, 'Complaint rate')).toEqual(['Complaint rate', '20%', '0% (best)'])
    expect(await rowCells(compare, 'Recipients')).toEqual(['Recipients', '6', '4'])
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaign-compare')
    await page.setViewportSize({ width: 390, height: 900 })
    await fitsPhone(page)
    await screenshot(page, 'mobile-campaign-compare')
    await page.setViewportSize({ width: 1440, height: 1000 })

    // The contact's activity: both campaigns, newest first.
    await page.goto(at(`/app/audience/contacts/${contacts.a?.id}`))
    const activity = page.getByRole('list', { name: 'Campaign activity' })
    await activity.getByText('Clicked').first().waitFor()
    const items = await activity.locator('li').allInnerTexts()
    expect(items.some((item) => item.includes('Clicked') && item.includes('November books'))).toBe(true)
    expect(items.some((item) => item.includes('Opened') && item.includes('November books'))).toBe(true)
    expect(items.some((item) => item.includes('Delivered') && item.includes('December books'))).toBe(true)
    await expectAccessible(page)
    await screenshot(page, 'desktop-contact-activity')
    await page.setViewportSize({ width: 390, height: 900 })
    await fitsPhone(page)
    await screenshot(page, 'mobile-contact-activity')
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 420_000)
})

/** A summary tile's number (its rate printed beside it left out). */
async function tileValue(page: Page, label: string): Promise<string> {
  const tile = page
    .locator('dl[aria-label="Summary"] > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
  const value = tile.locator('dd').first()
  const rate = (await value.locator('span').count()) ? await value.locator('span').innerText() : ''
  return (await value.innerText()).replace(rate, '').trim()
}

async function rowCells(table: ReturnType<Page['getByRole']>, first: string): Promise<string[]> {
  const row = table
    .locator('tr')
    .filter({ has: table.page().getByRole('rowheader', { name: first, exact: true }) })
  return (await row.locator('th, td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())
}

async function recipientEmails(table: ReturnType<Page['getByRole']>): Promise<string[]> {
  if ((await table.count()) === 0) return []
  return table.locator('tbody th').allInnerTexts()
}

describe('per-template analytics in a real browser', () => {
  it('shows on the template’s page what each version did, the best rates named, campaigns linked to their reports', async () => {
    const seeded = await seed()
    const { api, orgId } = seeded
    // Version 1: a opens and clicks, c clicks (an open too): 2 of 5 delivered opened, 2 clicked.
    const first = await sendCampaign(seeded, 'Spring books', { delivered: 5, flagged: 1 })
    await engage(api, orgId, first.id, [
      [first.messageOf('a'), 'OPEN'],
      [first.messageOf('a'), 'CLICK', LAUNCH],
      [first.messageOf('c'), 'CLICK', PRICING],
    ])
    const saved = await api.patch<{ version: number }>(`/api/templates/${seeded.templateId}`, {
      version: 1,
      subject: 'More new books for {{firstName}}',
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    // Version 2 (d and e suppressed now): b and f open, nobody clicks: 2 of 4 opened.
    const second = await sendCampaign(seeded, 'Summer books', { delivered: 4, flagged: 0 })
    await engage(api, orgId, second.id, [
      [second.messageOf('b'), 'OPEN'],
      [second.messageOf('f'), 'OPEN'],
    ])

    const tab = await openTab(browser(), { width: 1440, height: 1000 })
    const { page } = tab
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, seeded.owner.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))
    await page.goto(at(`/app/templates/${seeded.templateId}`))
    await page
      .getByRole('group', { name: 'Editor, history or performance' })
      .getByRole('button', { name: 'Performance' })
      .click()
    const table = page.getByRole('table', { name: /Counts and rates of each version/ })
    await table.waitFor()
    const cells = async (version: string) =>
      (await table.locator('tr').filter({ hasText: version }).locator('th, td').allInnerTexts()).map((text) =>
        text.replace(/\s+/g, ' ').trim(),
      )
    expect(await table.locator('tbody tr').count()).toBe(2)
    const two = await cells('Version 2')
    expect(two[0]).toBe('Version 2 Current')
    expect(two.slice(2, 6)).toEqual(['4', '4 (100%)', '2 (50%) Best open rate', '0 (0%)'])
    const one = await cells('Version 1')
    expect(one.slice(2, 6)).toEqual(['6', '5 (83.3%)', '2 (40%)', '2 (40%) Best click rate'])
    expect(one[6]).toBe('1 1 hard (16.7%), 0 soft')
    expect(one[7]).toBe('1 (20%)')
    const totals = await cells('All versions')
    expect(totals.slice(0, 6)).toEqual([
      'All versions',
      '2 campaigns',
      '10',
      '9 (90%)',
      '4 (44.4%)',
      '2 (22.2%)',
    ])
    await expectAccessible(page)
    await screenshot(page, 'desktop-template-performance')
    // At 1280 px every column fits beside the editor's panels: no column cut off behind a scrollbar.
    await page.setViewportSize({ width: 1280, height: 900 })
    const fits = `(() => {
      const table = [...document.querySelectorAll('table')].find((t) => /Counts and rates of each version/.test(t.caption?.textContent ?? ''))
      return table.parentElement.scrollWidth <= table.parentElement.clientWidth
    })()`
    await screenshot(page, 'template-performance-1280')
    await expect.poll(() => page.evaluate(fits)).toBe(true)
    await page.setViewportSize({ width: 390, height: 900 })
    await fitsPhone(page)
    await expectAccessible(page)
    await screenshot(page, 'mobile-template-performance')
    await page.setViewportSize({ width: 1440, height: 1000 })

    // Each campaign links to its report.
    await table.getByRole('link', { name: 'Spring books' }).click()
    await page.waitForURL((url) => url.pathname === `/app/campaigns/${first.id}`)
    await page.getByRole('heading', { level: 1, name: 'Spring books' }).waitFor()
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 420_000)
})
