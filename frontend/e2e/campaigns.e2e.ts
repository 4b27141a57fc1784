import { grantProductionAccess } from '@app/local-stack/testing/local-aws'
import { listMail } from '@app/local-stack/testing/mailbox'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { teamOrgWithMonitoring, until } from './support/campaign-seed'
import { nowSeconds, uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack, submitSignIn } from './support/session'

const browser = browserForFile()
const SENDER = 'news@campaigns.example'
const RECIPIENTS = 50
/** Contacts without a first name: the pre-flight reports them and the sender gives a default. */
const NAMELESS = 3

const TEMPLATE_HTML = `<!doctype html><html><body>
<h1>Hello {{firstName}}</h1>
<p>What we shipped this month.</p>
<p>Acme Books, 1 Main Street, Springfield</p>
<p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>
</body></html>`

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** A Team organization with a connected local AWS account (in the sandbox), a topic of 50 contacts and a template. */
async function seed() {
  const emails = Array.from({ length: RECIPIENTS }, (_, index) => uniqueEmail(`reader${index}`))
  const { owner, api, orgId, q, keys, topicId } = await teamOrgWithMonitoring('campaigns', SENDER, {
    name: 'Acme Books',
    sandbox: true,
    // Slow enough to watch: campaigns take 80% of 2 a second.
    maxSendRate: 2,
    monitoring: false,
    readers: {
      topic: { name: 'Product news', description: 'What we shipped this month' },
      contacts: emails.map((email, index) => ({
        email,
        ...(index < NAMELESS ? {} : { firstName: `Reader ${index}` }),
      })),
    },
  })
  const template = await api.post<{ id: string }>(`/api/templates?${q}`, {
    name: 'monthly-news',
    editorType: 'HTML',
    subject: 'News for {{firstName}}',
    source: TEMPLATE_HTML,
  })
  expect(template.status, JSON.stringify(template.body)).toBe(201)
  return { owner, api, orgId, keys, topicId: topicId as string, emails }
}

describe('campaigns in a real browser', () => {
  it('creates a campaign for a topic of 50, reviews the pre-flight, sends, pauses and resumes, and unsubscribes one recipient from its header', async () => {
    const { owner, api, orgId, keys, topicId, emails } = await seed()
    const since = nowSeconds()
    const tab = await openTab(browser(), { width: 1440, height: 1000 })
    const { page } = tab
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, owner.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))

    // The list: empty, telling a new user the next step.
    await page.goto(at('/app/campaigns'))
    await page.getByRole('heading', { level: 1, name: 'All campaigns' }).waitFor()
    await page.getByText('No campaigns yet').waitFor()
    expect(await page.getByText('Coming soon').count()).toBe(0)
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaigns-empty')
    await page.getByRole('link', { name: 'Create campaign' }).last().click()

    // Content: a template rendered with a real contact's data.
    await page.getByRole('heading', { level: 1, name: 'Create campaign' }).waitFor()
    await page.getByLabel('Campaign name').fill('November news')
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'monthly-news' })
    const preview = page.frameLocator('iframe[title^="Preview of monthly-news"]')
    await preview.getByRole('heading', { name: /^Hello/ }).waitFor()
    expect(await page.locator('iframe[title^="Preview of"]').getAttribute('sandbox')).toBe('')
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaign-content')
    await page.getByRole('button', { name: 'Create draft and continue' }).click()

    // Audience: the topic, and the pre-flight's recipient count.
    await page.getByRole('heading', { name: 'Audience' }).waitFor()
    await page.getByRole('checkbox', { name: 'Product news' }).check()
    await page.getByRole('button', { name: 'Save and count' }).click()
    await page.getByText(`${RECIPIENTS} recipients`).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaign-audience')
    await page.getByRole('button', { name: 'Save and continue' }).click()

    // Sender: the account's verified identity.
    await page.getByRole('heading', { name: 'Sender' }).waitFor()
    await page.getByLabel('From', { exact: true }).selectOption(SENDER)
    await page.getByLabel('From name').fill('Acme Books')
    await page.getByLabel('Postal address').fill('1 Main Street, Springfield')
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaign-sender')
    await page.getByRole('button', { name: 'Save and continue' }).click()

    // Schedule: a date and time in a chosen zone is offered; this one goes now.
    await page.getByRole('heading', { name: 'Schedule' }).waitFor()
    await page.getByRole('radio', { name: /Schedule for a date and time/ }).check()
    await page.getByLabel('Time zone').selectOption('Asia/Tokyo')
    await page.getByLabel('Date', { exact: true }).fill('2030-01-15')
    await page.getByLabel('Time', { exact: true }).fill('09:00')
    await page.getByText('Sends on Jan 15, 2030, 9:00 AM (Asia/Tokyo)').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaign-schedule')
    await page.getByRole('radio', { name: /Send now/ }).check()
    await page.getByRole('button', { name: 'Save and review' }).click()

    // Review: pre-flight, sandbox notice, estimate, missing variables.
    await page.getByRole('heading', { name: 'Review' }).waitFor()
    await page.getByLabel('Pre-flight').getByText(String(RECIPIENTS), { exact: true }).waitFor()
    await page.getByText('Only verified addresses will receive mail').waitFor()
    await page.getByText('Estimated duration').waitFor()
    await page.getByText(`missing for ${NAMELESS} recipients`).waitFor()
    // The account's SES events are not set up yet: the send is refused and the review offers to set them up.
    const offer = page.getByRole('note').filter({ hasText: 'SES events are not set up' })
    await offer.waitFor()
    await page.getByText(/Set up SES events for this AWS account before sending/).waitFor()
    expect(await page.getByRole('button', { name: 'Send now' }).isDisabled()).toBe(true)
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaign-review-sandbox')
    await screenshot(page, 'desktop-campaign-review-events')
    await page.setViewportSize({ width: 390, height: 900 })
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-campaign-review-events')
    await page.setViewportSize({ width: 1440, height: 1000 })
    await offer.getByRole('button', { name: 'Set up SES events' }).click()
    // Enable-monitoring ran; the pre-flight is read again until SNS has confirmed the subscription.
    await page.getByText('SES events are set up').waitFor({ timeout: 60_000 })
    expect(await page.getByText(/Set up SES events for this AWS account/).count()).toBe(0)
    const monitored = await api.get<{ items: { id: string; monitoring?: { eventTypes: string[] } }[] }>(
      `/api/aws-accounts?organizationId=${orgId}`,
    )
    expect(monitored.body.items[0]?.monitoring?.eventTypes).toEqual(
      expect.arrayContaining([
        'SEND',
        'DELIVERY',
        'BOUNCE',
        'COMPLAINT',
        'REJECT',
        'RENDERING_FAILURE',
        'OPEN',
        'CLICK',
      ]),
    )
    await grantProductionAccess(stack, keys.accountId)
    await page.getByRole('button', { name: 'Check again' }).click()
    await until(
      () => page.getByText('Only verified addresses will receive mail').count(),
      (count) => count === 0,
      'the sandbox notice to go',
    )
    await page.getByRole('radio', { name: 'Use default values' }).check()
    await page.getByLabel('Default for firstName').fill('there')
    await page.getByRole('button', { name: 'Save the choice' }).click()
    await page.getByText('0 recipients are skipped').waitFor()
    await page.getByLabel('Test addresses').fill('proof@example.com')
    await page.getByRole('button', { name: 'Send test' }).click()
    await page.getByText(/Sent to proof@example.com with the data of/).waitFor()
    await page.setViewportSize({ width: 390, height: 900 })
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-campaign-review')
    await page.setViewportSize({ width: 1440, height: 1000 })

    await page.getByRole('button', { name: 'Send now' }).click()
    const confirm = page.getByRole('dialog', { name: 'Send this campaign now?' })
    await confirm.getByRole('button', { name: 'Send now' }).click()

    // Live progress; pause and resume.
    await page.getByRole('heading', { name: 'Progress' }).waitFor()
    const sentCount = async () =>
      Number((await page.getByLabel('Counts').locator('dd').first().textContent())?.replace(/,/g, ''))
    await until(sentCount, (sent) => sent > 0, 'the first messages')
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaign-sending')
    await page.getByRole('button', { name: 'Pause' }).click()
    await page.getByRole('dialog', { name: 'Pause sending?' }).getByRole('button', { name: 'Pause' }).click()
    await page.getByText(/Paused by a member/).waitFor()
    const pausedAt = await sentCount()
    await screenshot(page, 'desktop-campaign-paused')
    await page.getByRole('button', { name: 'Resume' }).click()
    await page
      .getByRole('dialog', { name: 'Resume sending?' })
      .getByRole('button', { name: 'Resume' })
      .click()
    await until(sentCount, (sent) => sent === RECIPIENTS, 'every recipient sent')
    expect(pausedAt).toBeLessThanOrEqual(RECIPIENTS)
    await page.getByText('Sent', { exact: true }).first().waitFor()
    await page.getByRole('table').getByText('Sent').first().waitFor()
    await screenshot(page, 'desktop-campaign-sent')
    await page.setViewportSize({ width: 390, height: 900 })
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await expectAccessible(page)
    await screenshot(page, 'mobile-campaign-sent')

    // The local mailbox: one message per recipient, each with its RFC 8058 pair.
    const mailbox = new URL(stack.mailboxApiUrl)
    mailbox.searchParams.set('since', String(since))
    const raw = JSON.stringify(await (await fetch(mailbox)).json())
    const delivered = (await listMail(stack, since)).filter((mail) => emails.includes(mail.to[0] ?? ''))
    expect(new Set(delivered.map((mail) => mail.to[0])).size).toBe(RECIPIENTS)
    expect(raw).toContain('List-Unsubscribe-Post')
    const first = emails[0] as string
    const mail = delivered.find((item) => item.to[0] === first)
    expect(mail?.subject).toBe('News for there')
    const header = raw.match(/List-Unsubscribe[^<]*<(https?:\/\/[^>]+)>/)
    expect(header).not.toBeNull()

    // One-click unsubscribe from the header (RFC 8058: a POST with List-Unsubscribe=One-Click).
    const oneClick = await fetch(header?.[1] as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBeLessThan(300)
    const contacts = await api.get<{
      items: { id: string; topicPreferences: { topicId: string; status: string }[] }[]
    }>(`/api/contacts?organizationId=${orgId}&topicId=${topicId}&optOut=true`)
    expect(contacts.body.items.length).toBe(1)

    // The list shows the campaign sent.
    await page.setViewportSize({ width: 1440, height: 1000 })
    await page.goto(at('/app/campaigns'))
    await page.getByRole('link', { name: 'November news' }).waitFor()
    await page.getByText(`${RECIPIENTS} of ${RECIPIENTS} sent`).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-campaigns-list')
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 300_000)
})
