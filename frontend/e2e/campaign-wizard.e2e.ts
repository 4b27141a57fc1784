import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { at, browserForFile, submitSignIn } from './support/session'
import {
  CONTACTS,
  contactEmail,
  FAR,
  POSTAL,
  SENDER,
  seedWizard,
  type WizardSeed,
} from './support/wizard-seed'

const browser = browserForFile()
let seeded: WizardSeed

beforeAll(async () => {
  seeded = await seedWizard()
}, 240_000)

async function signedIn(width = 1280) {
  const tab = await openTab(browser(), { width, height: 900 })
  await tab.page.goto(at('/auth/sign-in'))
  await submitSignIn(tab.page, seeded.owner.email)
  await tab.page.waitForURL((url) => url.pathname.startsWith('/app'))
  return tab
}

/** The page at 390 px: nothing wider than the window, a screenshot, then back to 1280 px. */
async function atPhoneWidth(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 900 })
  // The shell's drawer slides away first (its transition starts on the next frames), then nothing may overflow.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))',
  )
  await expect
    .poll(() =>
      page.evaluate(`document.getAnimations().every((animation) => animation.playState !== 'running')`),
    )
    .toBe(true)
  await expect.poll(() => hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, name)
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function createCampaign(name: string, body: Record<string, unknown> = {}) {
  const created = await seeded.api.post<{ id: string }>(
    `/api/campaigns?organizationId=${seeded.orgId}&awsAccountId=${seeded.awsAccountId}`,
    { name, ...body },
  )
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.id
}

describe('the campaign wizard in a real browser', () => {
  it('takes a refused template from Review to the editor with what to fix, and back to a Review that passes', async () => {
    const campaignId = await createCampaign('Fix me', {
      sender: { fromEmail: SENDER, fromName: 'Acme Books', replyTo: null, postalAddress: POSTAL },
      templateId: seeded.templateId,
      topicIds: [seeded.topicId],
    })
    const { page, pageErrors, close } = await signedIn()
    await page.goto(at(`/app/campaigns/${campaignId}?step=review`))
    const refused = page.getByRole('note').filter({ hasText: 'This campaign cannot be sent yet' })
    const refusal = refused.getByRole('listitem').filter({ hasText: 'visible unsubscribe link' })
    await refusal.waitFor()
    expect(await page.getByRole('button', { name: 'Send now' }).isDisabled()).toBe(true)
    await screenshot(page, 'desktop-review-refused')
    await refusal.getByRole('link', { name: 'Fix it' }).click()

    // The editor says what the campaign's pre-flight refused, in the review's words, with the way back.
    await page.waitForURL((url) => url.pathname === `/app/templates/${seeded.templateId}`)
    expect(new URL(page.url()).searchParams.get('forCampaign')).toBe(campaignId)
    const banner = page.getByRole('status').filter({ hasText: 'The campaign “Fix me” cannot be sent' })
    await banner.getByText(/The template needs a visible unsubscribe link/).waitFor()
    await banner.getByRole('link', { name: "Back to the campaign's review" }).waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'desktop-editor-fix-banner')
    await atPhoneWidth(page, 'mobile-editor-fix-banner')

    // The fix, as a person would: find the address line in the source and add the link after it.
    await page.getByRole('textbox', { name: 'HTML source' }).click()
    await page.keyboard.press('Control+f')
    const find = page.getByRole('textbox', { name: 'Find' })
    await find.pressSequentially(`${POSTAL}</p>`)
    await find.press('Enter')
    await find.press('Escape')
    await page.keyboard.insertText(`${POSTAL}</p>\n<p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>`)
    await page.getByRole('button', { name: /^Save/ }).click()
    await page.getByText('Saved as version 2.').waitFor()
    // Saved: the banner says so, and the way back is the page's obvious next step.
    const fixed = page.getByRole('status').filter({ hasText: 'Version 2 fixes what “Fix me” was refused' })
    await fixed.waitFor()
    await screenshot(page, 'desktop-editor-fix-saved')
    await atPhoneWidth(page, 'mobile-editor-fix-saved')
    await fixed.getByRole('link', { name: "Back to the campaign's review" }).click()

    // The review runs its pre-flight again on the saved template: nothing refused, the send offered.
    await page.waitForURL((url) => url.search === '?step=review')
    await page.getByLabel('Pre-flight').getByText(String(CONTACTS), { exact: true }).waitFor()
    expect(await page.getByText('This campaign cannot be sent yet').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Send now' }).isDisabled()).toBe(false)
    await screenshot(page, 'desktop-review-passes')
    await atPhoneWidth(page, 'mobile-review-passes')
    expect(pageErrors).toEqual([])
    await close()
  }, 180_000)

  it('previews the template with any contact, found by a debounced, paged search', async () => {
    const { page, pageErrors, close } = await signedIn()
    await page.goto(at('/app/campaigns/new'))
    await page.getByLabel('Campaign name').fill('Picker')
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'monthly-news' })
    const picker = page.getByRole('combobox', { name: 'Preview with the data of' })
    await page.locator(`iframe[title="Preview of monthly-news for ${contactEmail(0)}"]`).waitFor()
    expect(await picker.inputValue()).toBe(`Reader0 <${contactEmail(0)}>`)

    // Opened: the first page of 20, then 20 more by cursor.
    await picker.click()
    const options = page.getByRole('listbox', { name: 'Preview with the data of' }).getByRole('option')
    await page.getByText('20 contacts shown, more to load.').waitFor()
    expect(await options.count()).toBe(20)
    await page.getByRole('button', { name: 'More contacts' }).click()
    await page.getByText('40 contacts shown, more to load.').waitFor()
    expect(await options.nth(39).textContent()).toContain(contactEmail(39))
    await screenshot(page, 'desktop-picker-paged')

    // Nothing matches: said so.
    await picker.fill('nobody-here')
    await page.getByText('No contact matches “nobody-here”.').waitFor()
    expect(await options.count()).toBe(0)
    await screenshot(page, 'desktop-picker-no-match')

    // A contact far past the first 50, by name, chosen by keyboard: the preview renders with its data.
    await picker.fill('zor')
    await page.getByText('1 contact matches.').waitFor()
    expect(await options.first().textContent()).toContain(contactEmail(FAR.index))
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'desktop-picker-search')
    await atPhoneWidth(page, 'mobile-picker-search')
    await picker.press('ArrowDown')
    expect(await options.first().getAttribute('aria-selected')).toBe('true')
    expect(await picker.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'))
    await picker.press('Enter')
    expect(await picker.getAttribute('aria-expanded')).toBe('false')
    expect(await picker.inputValue()).toBe(`${FAR.firstName} <${contactEmail(FAR.index)}>`)
    const preview = page.frameLocator(
      `iframe[title="Preview of monthly-news for ${contactEmail(FAR.index)}"]`,
    )
    await preview.getByRole('heading', { name: `Hello ${FAR.firstName}` }).waitFor()
    await screenshot(page, 'desktop-picker-previewed')

    // By email prefix, with the mouse; Escape closes without changing the choice.
    await picker.click()
    await picker.fill('reader-0149')
    await options.filter({ hasText: contactEmail(149) }).click()
    await page
      .frameLocator(`iframe[title$="for ${contactEmail(149)}"]`)
      .getByText('Hello Reader149')
      .waitFor()
    await picker.click()
    await picker.fill('reader-00')
    await page.getByText(/contacts shown, more to load/).waitFor()
    await picker.press('Escape')
    expect(await picker.inputValue()).toBe(`Reader149 <${contactEmail(149)}>`)
    // Enter in the picker never submits the step's form.
    await picker.press('Enter')
    await picker.press('Escape')
    expect(new URL(page.url()).pathname).toBe('/app/campaigns/new')
    await atPhoneWidth(page, 'mobile-picker-previewed')
    expect(pageErrors).toEqual([])
    await close()
  }, 180_000)

  it('starts a new campaign’s sender from the one last saved in the organization', async () => {
    const ready = { templateId: seeded.templateId, topicIds: [seeded.topicId] }
    const first = await createCampaign('Sender A', ready)
    const { page, pageErrors, close } = await signedIn()
    await page.goto(at(`/app/campaigns/${first}?step=sender`))
    await page.getByRole('heading', { name: 'Sender', exact: true }).waitFor()
    await page.getByLabel('From', { exact: true }).selectOption(SENDER)
    await page.getByLabel('From name').fill('Acme Wizard')
    await page.getByLabel('Reply-to (optional)').fill('replies@wizard.example')
    await page.getByLabel('Postal address').fill('9 Elm Road, Springfield')
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await page.getByRole('heading', { name: 'Schedule', exact: true }).waitFor()

    // Campaign B: a draft without a sender, whose Sender step starts from A's.
    const second = await createCampaign('Sender B', ready)
    await page.goto(at(`/app/campaigns/${second}?step=sender`))
    await page.getByText('Filled in from the sender last saved on one of your campaigns').waitFor()
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(SENDER)
    expect(await page.getByLabel('From name').inputValue()).toBe('Acme Wizard')
    expect(await page.getByLabel('Reply-to (optional)').inputValue()).toBe('replies@wizard.example')
    expect(await page.getByLabel('Postal address').inputValue()).toBe('9 Elm Road, Springfield')
    expect(await page.getByText('is not a verified identity of this AWS account').count()).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'desktop-sender-remembered')
    await atPhoneWidth(page, 'mobile-sender-remembered')
    // Nothing is saved on B until its step is: the draft still has no sender.
    const read = await seeded.api.get<{ sender: unknown }>(
      `/api/campaigns/${second}?organizationId=${seeded.orgId}`,
    )
    expect(read.body.sender).toBeNull()
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await page.getByRole('heading', { name: 'Schedule', exact: true }).waitFor()
    const saved = await seeded.api.get<{ sender: unknown }>(
      `/api/campaigns/${second}?organizationId=${seeded.orgId}`,
    )
    expect(saved.body.sender).toEqual({
      fromEmail: SENDER,
      fromName: 'Acme Wizard',
      replyTo: 'replies@wizard.example',
      postalAddress: '9 Elm Road, Springfield',
    })
    expect(pageErrors).toEqual([])
    await close()
  }, 180_000)
})
