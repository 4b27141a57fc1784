/**
 * A visual template goes out as a campaign: a user builds one from the Blank visual starter, adds the unsubscribe
 * link and the postal address with the editor's own tools, passes Review and the mail reaches the local mailbox;
 * the Newsletter starter goes out as it comes.
 */
import { listMail, type MailMessage } from '@app/local-stack/testing/mailbox'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { teamOrgWithMonitoring, until } from './support/campaign-seed'
import { nowSeconds, uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack, submitSignIn } from './support/session'

const browser = browserForFile()
const SENDER = 'news@starters.example'
const POSTAL = 'Acme Books, 12 Harbour Road, Bristol BS1 5TT'
const READERS = 3

/** A Team organization with production access, SES events on, and a topic of three readers. */
async function seed() {
  const emails = Array.from({ length: READERS }, (_, index) => uniqueEmail(`reader${index}`))
  const { owner, api, orgId, aws, topicId } = await teamOrgWithMonitoring('starters', SENDER, {
    name: 'Acme Books',
    readers: {
      topic: { name: 'Readers', description: 'News' },
      contacts: emails.map((email, index) => ({ email, firstName: `Reader ${index}` })),
    },
  })
  return { owner, api, orgId, awsAccountId: aws.body.id, topicId: topicId as string, emails }
}

/** The mail each reader got since `since` whose subject has `subject`, once every reader has one. */
async function delivered(emails: string[], since: number, subject: string): Promise<MailMessage[]> {
  return until(
    async () =>
      (await listMail(stack, since)).filter(
        (mail) => emails.includes(mail.to[0] ?? '') && mail.subject.includes(subject),
      ),
    (mails) => new Set(mails.map((mail) => mail.to[0])).size === emails.length,
    `mail "${subject}" for every reader`,
  )
}

/** The recipient's own signed unsubscribe link and the campaign's postal address, in both parts. */
function expectFilled(mail: MailMessage) {
  expect(mail.html).toMatch(/\/unsubscribe\?[^"]*signature(?:=|&#61;)[\w-]{43}/)
  expect(mail.text).toMatch(/\/unsubscribe\?\S*signature=[\w-]{43}/)
  expect(mail.html).toContain(POSTAL)
  expect(mail.text).toContain(POSTAL)
  expect(`${mail.subject}${mail.html}${mail.text}`).not.toContain('{{')
}

const canvas = (page: Page) => page.getByRole('region', { name: 'Canvas' })

describe('visual templates sent as campaigns, in a real browser', () => {
  it('builds a Blank visual template with an unsubscribe link, passes Review and sends it; sends the Newsletter starter as it comes', async () => {
    const { owner, api, orgId, awsAccountId, topicId, emails } = await seed()
    const tab = await openTab(browser(), { width: 1280, height: 900 })
    const { page } = tab
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, owner.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))

    // The Blank visual starter: no preheader sent, only the field's placeholder.
    await page.goto(at('/app/templates/new'))
    await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor()
    await page.getByRole('button', { name: 'Use Blank visual', exact: true }).click({ timeout: 60_000 })
    const create = page.getByRole('dialog', { name: 'New template: Blank visual' })
    await create.getByLabel('Template name').fill('blank-news')
    await create.getByRole('button', { name: 'Create and edit' }).click()
    await page.waitForURL(/\/app\/templates\/[0-9A-Z]{26}$/)
    await page.getByRole('heading', { level: 1, name: 'blank-news' }).waitFor()

    // The Checks say what a campaign would refuse, with the pre-flight's own rule.
    const checks = page.getByRole('list', { name: 'Checks' })
    await checks.getByText('Campaigns refuse it: unsubscribe link').waitFor({ timeout: 30_000 })
    await checks.getByText('Campaigns refuse it: postal address').waitFor()

    // A new paragraph "Unsubscribe" linked to {{unsubscribeUrl}}, then the postal address from the picker.
    await canvas(page)
      .getByRole('group', { name: /^Text block:/ })
      .click()
    const settings = page.getByRole('region', { name: 'Text block settings' })
    const words = settings.getByRole('textbox', { name: 'Text content' })
    await words.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Unsubscribe')
    for (let index = 0; index < 'Unsubscribe'.length; index++) await page.keyboard.press('Shift+ArrowLeft')
    await settings
      .getByRole('toolbar', { name: 'Text formatting' })
      .getByRole('button', { name: 'Link' })
      .click()
    await settings.getByLabel('Link address').fill('{{unsubscribeUrl}}')
    await settings.getByRole('button', { name: 'Apply link' }).click()
    await words.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Shift+Enter')
    await page
      .getByRole('list', { name: 'Campaign variables' })
      .getByRole('button', { name: /\{\{postalAddress\}\}/ })
      .click()
    await expect.poll(() => words.textContent()).toContain('{{postalAddress}}')
    // Typing on at once after an inserted variable keeps every keystroke (they were dropped after an insert).
    await page.keyboard.type(' (our office)', { delay: 5 })
    await expect.poll(() => words.textContent()).toContain('{{postalAddress}} (our office)')
    await page.getByText('All clear').waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Saved as version 2.').waitFor()
    // Previewed with real-looking values, never asked for as sample data.
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    const preview = page.frameLocator('iframe[title^="Email preview"]')
    const unsubscribe = preview.getByRole('link', { name: 'Unsubscribe' })
    await unsubscribe.waitFor({ timeout: 30_000 })
    const href = (await unsubscribe.getAttribute('href')) as string
    expect(href).toMatch(/\/unsubscribe\?test=1$/)
    await preview.getByText(/the campaign’s postal address/).waitFor()
    // The link a preview or a test send carries says it was a test, not that it is broken.
    await page.goto(href)
    await page.getByText('This was a test email').waitFor()
    expect(await page.getByText('This link is not valid').count()).toBe(0)
    await page.setViewportSize({ width: 390, height: 900 })
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'starters-unsubscribe-test-390')
    await page.setViewportSize({ width: 1280, height: 900 })

    // The campaign, step by step.
    await page.goto(at('/app/campaigns/new'))
    await page.getByRole('heading', { level: 1, name: 'Create campaign' }).waitFor()
    await page.getByLabel('Campaign name').fill('Blank news')
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'blank-news' })
    // What the user looks at before going on: the template rendered for their first reader.
    await page.getByText('Subject: Hello Reader').waitFor()
    await page.locator('iframe[title^="Preview of blank-news"]').waitFor()
    await page.getByRole('button', { name: 'Create draft and continue' }).click()
    await page.getByRole('heading', { name: 'Audience' }).waitFor()
    await page.getByRole('checkbox', { name: 'Readers' }).check()
    await page.getByRole('button', { name: 'Save and count' }).click()
    await page.getByText(`${READERS} recipients`).waitFor()
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await page.getByRole('heading', { name: 'Sender' }).waitFor()
    await page.getByLabel('From', { exact: true }).selectOption(SENDER)
    await page.getByLabel('From name').fill('Acme Books')
    await page.getByLabel('Postal address').fill(POSTAL)
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await page.getByRole('heading', { name: 'Schedule' }).waitFor()
    await page.getByRole('radio', { name: /Send now/ }).check()
    await page.getByRole('button', { name: 'Save and review' }).click()

    // Review passes: nothing refused, Send now offered.
    await page.getByRole('heading', { name: 'Review' }).waitFor()
    await page.getByLabel('Pre-flight').getByText(String(READERS), { exact: true }).waitFor()
    const send = page.getByRole('button', { name: 'Send now' })
    await expect.poll(() => send.isDisabled(), { timeout: 30_000 }).toBe(false)
    expect(await page.getByText('needs a visible unsubscribe link').count()).toBe(0)
    expect(await page.getByText('Fix it').count()).toBe(0)
    await screenshot(page, 'starters-review-1280')
    await page.setViewportSize({ width: 390, height: 900 })
    // The navigation slides away at phone width: shoot once it is gone.
    // (Polled through evaluate: waitForFunction evaluates a string predicate, which the app's CSP forbids.)
    await expect
      .poll(() =>
        page.evaluate(`document.getAnimations().every((animation) => animation.playState !== 'running')`),
      )
      .toBe(true)
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'starters-review-390')
    await page.setViewportSize({ width: 1280, height: 900 })

    const since = nowSeconds()
    await send.click()
    await page
      .getByRole('dialog', { name: 'Send this campaign now?' })
      .getByRole('button', { name: 'Send now' })
      .click()
    await page.getByRole('heading', { name: 'Progress' }).waitFor()
    for (const mail of await delivered(emails, since, 'Hello Reader')) expectFilled(mail)

    // The Newsletter starter, created from the gallery and sent as it comes.
    await page.goto(at('/app/templates/new'))
    await page.getByRole('button', { name: 'Use Newsletter', exact: true }).click({ timeout: 60_000 })
    const fromStarter = page.getByRole('dialog', { name: 'New template: Newsletter' })
    await fromStarter.getByLabel('Template name').fill('newsletter-as-is')
    await fromStarter.getByRole('button', { name: 'Create and edit' }).click()
    await page.waitForURL(/\/app\/templates\/[0-9A-Z]{26}$/)
    const templateId = page.url().split('/').at(-1) as string
    await page.getByRole('heading', { level: 1, name: 'newsletter-as-is' }).waitFor()
    await page.getByRole('list', { name: 'Checks' }).getByText('Placeholder link').first().waitFor()
    expect(await page.getByText(/Campaigns refuse it/).count()).toBe(0)
    const q = `organizationId=${orgId}`
    const campaign = await api.post<{ id: string }>(`/api/campaigns?${q}&awsAccountId=${awsAccountId}`, {
      name: 'Newsletter as it comes',
      templateId,
      topicIds: [topicId],
      sender: { fromEmail: SENDER, fromName: 'Acme Books', replyTo: null, postalAddress: POSTAL },
    })
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201)
    const newsSince = nowSeconds()
    const sent = await api.patch(`/api/campaigns/${campaign.body.id}?${q}`, { action: 'send' })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    for (const mail of await delivered(emails, newsSince, 'Faster dashboards')) {
      expectFilled(mail)
      expect(mail.html).toContain('Acme Books')
    }
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 300_000)
})
