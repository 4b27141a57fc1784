import { randomUUID } from 'node:crypto'
import { apiClient } from '@app/local-stack/testing/api-client'
import { signUp } from '@app/local-stack/testing/cognito-users'
import {
  createLocalCustomerAccount,
  simulateLocalSesEngagement,
  verifyLocalIdentity,
} from '@app/local-stack/testing/local-aws'
import { payCheckout, waitForStripeDeliveries } from '@app/local-stack/testing/stripe'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, PASSWORD, stack, submitSignIn } from './support/session'

const browser = browserForFile()
const SENDER = 'news@reports.example'
const LAUNCH = 'https://acme.example/launch'
const PRICING = 'https://acme.example/pricing'
const HUMAN = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36',
  ipAddress: '203.0.113.7',
}
/** An open fetched by Apple Mail Privacy Protection's proxy: a machine open. */
const APPLE_PROXY = { userAgent: 'Mozilla/5.0', ipAddress: '17.58.101.4' }
const POLL = { timeout: 120_000, interval: 500 }

const TEMPLATE_HTML = `<!doctype html><html><body>
<h1>Hello {{firstName}}</h1>
<p><a href="${LAUNCH}">See the launch</a> and <a href="${PRICING}">the prices</a>.</p>
<p>Acme Books, 1 Main Street, Springfield</p>
<p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>
</body></html>`

type Api = ReturnType<typeof apiClient>
interface Report {
  counts: Record<string, number>
}

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** Polls `read` until `done` holds for its value. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + POLL.timeout
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, POLL.interval))
  }
}

const sim = (label: string) => `${label}-${randomUUID().slice(0, 8)}@simulator.amazonses.com`

/**
 * A Team organization whose AWS account publishes SES events to us, a topic of six mailbox-simulator contacts
 * (a opens and clicks both links, b is opened by Apple's proxy, c clicks, d hard-bounces, e complains, f is only
 * delivered) and a template with two links.
 */
async function seed() {
  const owner = await signUp(stack, { email: uniqueEmail('reports'), password: PASSWORD })
  const api = apiClient(stack, owner.idToken)
  const account = await api.post<{ organizations: { id: string }[] }>('/api/account', { email: owner.email })
  const orgId = account.body.organizations[0]?.id as string
  const checkout = await api.post<{ url: string }>('/api/payments/checkout-sessions', {
    organizationId: orgId,
    plan: 'TEAM_MONTHLY',
  })
  expect((await payCheckout(checkout.body.url, { card: 'success' })).paid).toBe(true)
  await waitForStripeDeliveries(stack)
  const q = `organizationId=${orgId}`

  const keys = await createLocalCustomerAccount(stack, { productionAccess: true })
  await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: SENDER })
  const aws = await api.post<{ id: string }>(`/api/aws-accounts?${q}`, {
    method: 'keys',
    region: 'us-east-1',
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  })
  expect(aws.status, JSON.stringify(aws.body)).toBe(201)
  const monitoring = await api.post(`/api/aws-accounts/${aws.body.id}/enable-monitoring`, {
    organizationId: orgId,
  })
  expect(monitoring.status, JSON.stringify(monitoring.body)).toBe(200)
  await until(
    async () =>
      (
        await api.get<{ items: { id: string; monitoring?: { state: string } }[] }>(`/api/aws-accounts?${q}`)
      ).body.items.find((item) => item.id === aws.body.id)?.monitoring?.state,
    (state) => state === 'ACTIVE',
    'SES events to be published to us',
  )

  const topic = await api.post<{ id: string }>(`/api/topics?${q}`, {
    name: 'Book club',
    description: 'New books',
  })
  expect(topic.status, JSON.stringify(topic.body)).toBe(201)
  const labels = {
    a: 'success+a',
    b: 'success+b',
    c: 'success+c',
    d: 'bounce+d',
    e: 'complaint+e',
    f: 'success+f',
  }
  const contacts: Record<string, { id: string; email: string }> = {}
  for (const [key, label] of Object.entries(labels)) {
    const created = await api.post<{ id: string; email: string }>(`/api/contacts?${q}`, {
      email: sim(label),
      firstName: `Reader ${key.toUpperCase()}`,
      topicPreferences: [{ topicId: topic.body.id, status: 'OPT_IN' }],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    contacts[key] = created.body
  }
  const template = await api.post<{ id: string }>(`/api/templates?${q}`, {
    name: 'book-news',
    editorType: 'HTML',
    subject: 'New books for {{firstName}}',
    source: TEMPLATE_HTML,
  })
  expect(template.status, JSON.stringify(template.body)).toBe(201)
  return {
    owner,
    api,
    orgId,
    awsAccountId: aws.body.id,
    topicId: topic.body.id,
    templateId: template.body.id,
    contacts,
  }
}

type Seed = Awaited<ReturnType<typeof seed>>

/**
 * Creates and sends a campaign to the topic; resolves once SES's deliveries, bounce and complaint are counted
 * (`delivered` messages; `flagged`: the first send's bounce and complaint, after which those two are suppressed).
 */
async function sendCampaign(seeded: Seed, name: string, expected: { delivered: number; flagged: number }) {
  const { api, orgId } = seeded
  const created = await api.post<{ id: string }>(
    `/api/campaigns?organizationId=${orgId}&awsAccountId=${seeded.awsAccountId}`,
    {
      name,
      sender: {
        fromEmail: SENDER,
        fromName: 'Acme Books',
        replyTo: null,
        postalAddress: '1 Main Street, Springfield',
      },
      templateId: seeded.templateId,
      topicIds: [seeded.topicId],
    },
  )
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.id
  const sent = await api.patch(`/api/campaigns/${id}?organizationId=${orgId}`, { action: 'send' })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  await until(
    async () => (await api.get<Report>(`/api/campaigns/${id}/report?organizationId=${orgId}`)).body.counts,
    (counts) =>
      counts?.delivered === expected.delivered &&
      counts.hardBounces === expected.flagged &&
      counts.complaints === expected.flagged,
    `${name}'s SES events`,
  )
  const rows = await api.get<{ items: { contactId: string; messageId: string | null }[] }>(
    `/api/campaigns/${id}/recipients?organizationId=${orgId}&limit=50`,
  )
  const messageOf = (key: string) =>
    rows.body.items.find((row) => row.contactId === seeded.contacts[key]?.id)?.messageId as string
  return { id, messageOf }
}

async function engage(
  api: Api,
  orgId: string,
  id: string,
  plays: [string, 'OPEN' | 'CLICK', string?, typeof HUMAN?][],
) {
  for (const [messageId, type, link, agent] of plays)
    await simulateLocalSesEngagement(stack, {
      messageId,
      type,
      ...(link ? { link } : {}),
      ...(agent ?? HUMAN),
    })
  await until(
    async () =>
      (await api.get<Report>(`/api/campaigns/${id}/report?organizationId=${orgId}&machineOpens=include`)).body
        .counts,
    (counts) => (counts.totalOpens ?? 0) + (counts.totalClicks ?? 0) === plays.length,
    'the opens and clicks to be counted',
  )
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

/** Nothing wider than the 390 px window, once the shell's drawer has finished sliding away (0.2 s). */
async function fitsPhone(page: Page) {
  await until(
    () => hasHorizontalOverflow(page),
    (overflows) => !overflows,
    'the page to fit 390 px',
  )
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
