import { createLocalCustomerAccount, verifyLocalIdentity } from '@app/local-stack/testing/local-aws'
import { waitForMail } from '@app/local-stack/testing/mailbox'
import type { FrameLocator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { type BrowserTab, hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { connectWithKeys } from './support/journeys'
import { nowSeconds, uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack, submitSignUp } from './support/session'

const browser = browserForFile()

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** Phone width: no sideways scrolling, then back to the desktop. */
async function checkPhone(tab: BrowserTab, name: string) {
  await tab.page.setViewportSize({ width: 390, height: 844 })
  await tab.page.waitForTimeout(400)
  expect(await hasHorizontalOverflow(tab.page), `overflow at ${tab.page.url()}`).toBe(false)
  await screenshot(tab.page, name)
  await tab.page.setViewportSize({ width: 1280, height: 860 })
  await tab.page.waitForTimeout(200)
}

function preview(page: Page): FrameLocator {
  return page.frameLocator('iframe[title^="Email preview"]')
}

/** The Save button's START label, with its cost: 'Save · 1 action (4 left)'. */
function saveButton(page: Page) {
  return page.getByRole('button', { name: /^Save · / })
}

/** Replaces the first match of `find` in the source editor with `replacement`, as a person would (search, type). */
async function replaceInEditor(page: Page, find: string, replacement: string) {
  await page.getByRole('textbox', { name: 'MJML source' }).click()
  await page.keyboard.press('Control+f')
  const search = page.getByRole('textbox', { name: 'Find' })
  await search.fill('')
  // Typed key by key: the search panel takes its query on key-up.
  await search.pressSequentially(find)
  await search.press('Enter')
  await search.press('Escape')
  await page.keyboard.type(replacement)
}

async function saveAndWait(page: Page, version: number) {
  await saveButton(page).click()
  await page.getByText(`Saved as version ${version}.`).waitFor()
  await page.getByText(new RegExp(`^Version ${version}, saved`)).waitFor()
}

describe('templates in a real browser (local API, SES and mailbox)', () => {
  it('creates from a starter, edits MJML with a live preview, saves, test-sends, restores and runs out of START actions', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    page.on('dialog', (dialog) => void dialog.accept())

    // A START organization with an AWS account whose sandbox may send to one verified address.
    const keys = await createLocalCustomerAccount(stack)
    const sender = uniqueEmail('templates-sender')
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: sender })
    const domain = `${Date.now().toString(36)}.templates.example.test`
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: domain })
    await page.goto(at('/auth/sign-up'))
    await submitSignUp(page, uniqueEmail('templates'))
    await page.waitForURL(at('/app/onboarding/plan'))
    await page.getByRole('button', { name: 'Start for free' }).click()
    await page.waitForURL(at('/app'))
    await connectWithKeys(page, keys)

    // No templates yet: the empty state leads to the gallery.
    await page.goto(at('/app/templates'))
    await page.getByRole('heading', { level: 1, name: 'All templates' }).waitFor()
    await page.getByText('No templates yet').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-templates-empty')
    await page.getByRole('link', { name: 'Choose a starter' }).click()
    await page.waitForURL(at('/app/templates/new'))

    // The gallery renders every starter in a sandboxed frame.
    await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor()
    for (const name of [
      'Welcome',
      'Verify email',
      'Password reset',
      'Receipt',
      'Newsletter',
      'Announcement',
    ]) {
      await page.getByRole('button', { name: `Use ${name}`, exact: true }).waitFor()
    }
    await page.getByRole('button', { name: 'Use Blank MJML' }).waitFor()
    await page
      .frameLocator('iframe[title="Preview of Welcome"]')
      .getByText('Welcome, Maya!')
      .waitFor({ timeout: 30_000 })
    expect(await page.locator('iframe[title="Preview of Welcome"]').getAttribute('sandbox')).toBe('')
    await expectAccessible(page)
    await screenshot(page, 'desktop-templates-gallery')
    await checkPhone(tab, 'mobile-templates-gallery')

    // Create from the Welcome starter as MJML code (the gallery offers the visual documents by default): one
    // START action.
    await page.getByRole('button', { name: 'MJML code', exact: true }).click()
    expect(
      await page.getByRole('button', { name: 'MJML code', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true')
    await page.getByRole('button', { name: 'Use Welcome', exact: true }).click()
    const create = page.getByRole('dialog', { name: 'New template: Welcome' })
    expect(await create.getByLabel('Template name').inputValue()).toBe('welcome')
    await create.getByLabel('Template name').fill('welcome email')
    await create.getByRole('button', { name: 'Create and edit' }).click()
    await create.getByText(/no spaces/).waitFor()
    await create.getByLabel('Template name').fill('welcome-email')
    await create
      .getByText('This uses 1 action of the 5 left this month on the START plan (5 a month).')
      .waitFor()
    await create.getByRole('button', { name: 'Create and edit' }).click()
    await page.waitForURL(/\/app\/templates\/[0-9A-Z]{26}$/)
    const editorUrl = page.url()

    // The editor: the starter's MJML, its preview rendered with the sample data, as SES would.
    await page.getByRole('heading', { level: 1, name: 'welcome-email' }).waitFor()
    await preview(page).getByText('Welcome, Maya!').waitFor({ timeout: 30_000 })
    await page.getByText('Welcome to Your organization, Maya!').first().waitFor()
    await page.getByRole('button', { name: 'Save · 1 action (4 left)' }).waitFor()
    expect(await page.locator('iframe[title^="Email preview"]').getAttribute('sandbox')).toBe('')
    await page
      .getByText('All clear')
      .or(page.getByText(/warning/))
      .first()
      .waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-template-editor')

    // Edit the MJML: the preview follows.
    await replaceInEditor(page, 'Welcome, ', 'Hello there, ')
    await preview(page).getByText('Hello there, Maya!').waitFor()
    await page.getByText('Unsaved changes · draft kept in this browser').waitFor()

    // A variable without a sample value: SES would drop the message, and the preview says so.
    await replaceInEditor(page, 'Hello there, ', 'Hello {{nickname}}, ')
    await page.getByText('SES would drop this message').waitFor()
    await page
      .getByText("Attribute 'nickname' is not present in the rendering data.", { exact: false })
      .first()
      .waitFor()
    await screenshot(page, 'desktop-template-editor-missing-variable')
    await replaceInEditor(page, 'Hello {{nickname}}, ', 'Hello there, ')
    await preview(page).getByText('Hello there, Maya!').waitFor()

    // MJML that does not parse: the last good render stays, with the error over it; undo clears both.
    await page.getByRole('textbox', { name: 'MJML source' }).click()
    await page.keyboard.press('Control+a')
    await page.keyboard.insertText('<mjml')
    const compileError = page.getByRole('alert').filter({ hasText: 'This does not compile' })
    await compileError.getByText('the preview shows the last version that did').waitFor()
    await compileError.getByText(/Parsing failed/).waitFor()
    await preview(page).getByText('Hello there, Maya!').waitFor()
    await screenshot(page, 'desktop-template-editor-broken-mjml')
    await page.keyboard.press('Control+z')
    await compileError.waitFor({ state: 'detached' })
    await preview(page).getByText('Hello there, Maya!').waitFor()

    // Phone width and dark mode: the template's own dark CSS applies in the sandboxed frame.
    await page.getByRole('button', { name: 'Mobile', exact: true }).click()
    await page.locator('[data-preview-width="mobile"]').waitFor()
    expect(await page.locator('iframe[title^="Email preview"]').evaluate((frame) => frame.clientWidth)).toBe(
      390,
    )
    await page.getByRole('button', { name: 'Dark', exact: true }).click()
    await page.locator('[data-preview-scheme="dark"]').waitFor()
    const background = await preview(page)
      .locator('body')
      .evaluate(
        (body) =>
          (
            globalThis as unknown as { getComputedStyle(element: unknown): { backgroundColor: string } }
          ).getComputedStyle(body).backgroundColor,
      )
    expect(background).toBe('rgb(11, 17, 32)')
    await screenshot(page, 'desktop-template-editor-mobile-dark')
    await page.getByRole('button', { name: 'Light', exact: true }).click()
    await page.getByRole('button', { name: 'Desktop', exact: true }).click()

    // Save: version 2, one more action spent.
    await saveAndWait(page, 2)
    await page.getByRole('button', { name: 'Save · 1 action (3 left)' }).waitFor()
    expect(await page.getByTestId('template-actions-widget').textContent()).toContain('3 / 5')

    // Send a test of what is in the editor: SES fills the variables from the sample data.
    const since = nowSeconds()
    await page.getByRole('button', { name: 'Send test' }).click()
    const send = page.getByRole('dialog', { name: 'Send a test email' })
    await send.getByLabel('Send to').fill(sender)
    // From: the account's verified identities, the address first; a domain takes the part before the @.
    const from = send.getByLabel('From', { exact: true })
    await from.locator('option', { hasText: `Any address at ${domain}` }).waitFor({ state: 'attached' })
    expect(await from.inputValue()).toBe(sender)
    await from.selectOption(domain)
    await send.getByLabel(`Address at ${domain}`).fill('news')
    await send.getByText(`Sends from news@${domain}.`).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-template-send-test-from')
    await checkPhone(tab, 'mobile-template-send-test-from')
    await send.getByRole('button', { name: 'Send test' }).click()
    await page
      .getByText(new RegExp(`Test email sent to ${sender} from news@${domain}`))
      .waitFor({ timeout: 30_000 })
    const mail = await waitForMail(stack, {
      to: sender,
      since,
      subjectIncludes: 'Welcome to Your organization, Maya!',
      timeoutMs: 30_000,
    })
    expect(mail.from).toContain(`news@${domain}`)
    expect(mail.html).toContain('Hello there, Maya!')
    expect(mail.html).not.toContain('{{firstName}}')
    // The next test starts from the From used last with this AWS account.
    await page.getByRole('button', { name: 'Send test' }).click()
    expect(await send.getByLabel('From', { exact: true }).inputValue()).toBe(domain)
    expect(await send.getByLabel(`Address at ${domain}`).inputValue()).toBe('news')
    await send.getByRole('button', { name: 'Cancel' }).click()
    await send.waitFor({ state: 'hidden' })

    // The local draft: an unsaved change survives a reload and is offered back.
    const subject = page.getByRole('textbox', { name: 'Subject' })
    await subject.fill('Welcome aboard, {{firstName}}')
    await page.getByText('Unsaved changes · draft kept in this browser').waitFor()
    await page.reload()
    await page.getByText('You have unsaved changes from an earlier visit').waitFor()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Restore draft' }).click()
    expect(await subject.inputValue()).toBe('Welcome aboard, {{firstName}}')
    await page.getByText('Welcome aboard, Maya').first().waitFor()

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: '← All templates' }).click()
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
    await leave.getByText('They stay as a draft in this browser', { exact: false }).waitFor()
    await leave.getByRole('button', { name: 'Stay' }).click()
    expect(page.url()).toBe(editorUrl)

    // History: compare versions 1 and 2, then restore version 1 (a new version 3, one action).
    await page.getByRole('button', { name: 'History', exact: true }).click()
    await page.getByRole('heading', { name: 'Version 1' }).waitFor()
    const compare = page.getByRole('region', { name: 'Compare versions' })
    await compare
      .getByText(/Hello there, \{\{firstName\}\}/)
      .first()
      .waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-template-history')
    await page.getByRole('button', { name: 'Restore version 1' }).click()
    const restore = page.getByRole('dialog', { name: 'Restore version 1?' })
    await restore.getByText('Your unsaved changes in the editor stay as a draft in this browser.').waitFor()
    await restore.getByRole('button', { name: 'Restore' }).click()
    await page.getByText('Version 1 restored as version 3.').waitFor()
    await preview(page).getByText('Welcome, Maya!').waitFor()
    await page.getByRole('button', { name: 'Save · 1 action (2 left)' }).waitFor()
    await checkPhone(tab, 'mobile-template-editor')

    // Spend the rest (two saves), then the START limit: the count turns red and 'Upgrade' leads to billing.
    await subject.fill('Welcome, {{firstName}}: one')
    await saveAndWait(page, 4)
    await subject.fill('Welcome, {{firstName}}: two')
    await saveAndWait(page, 5)
    const widget = page.getByTestId('template-actions-widget')
    await widget.getByText('0 / 5').waitFor()
    await widget.getByRole('link', { name: 'Upgrade' }).waitFor()
    await page.getByText('No template actions left this month').first().waitFor()
    await subject.fill('Welcome, {{firstName}}: three')
    await page.getByRole('button', { name: 'Save · no actions left' }).click()
    const refused = page
      .getByRole('alert')
      .filter({ hasText: 'Not saved: no template actions left this month' })
    await refused.getByRole('link', { name: 'Upgrade' }).waitFor()
    expect(await page.getByText('No template actions left this month', { exact: true }).count()).toBe(0)
    await expectAccessible(page)
    await screenshot(page, 'desktop-template-editor-no-actions')

    // The list: the template, its tags and version; bulk delete says it needs an action and there are none.
    await subject.fill('Welcome, {{firstName}}: two')
    await page.goto(at('/app/templates'))
    const row = page.getByRole('row').filter({ hasText: 'welcome-email' })
    await row.getByText('v5').waitFor()
    await row.getByRole('checkbox', { name: 'Select welcome-email' }).check()
    await page.getByRole('button', { name: 'Delete selected' }).click()
    const remove = page.getByRole('dialog', { name: 'Delete welcome-email?' })
    await remove.getByText(/needs 1 action and none are left/).waitFor()
    expect(await remove.getByRole('button', { name: 'Delete template' }).isDisabled()).toBe(true)
    await expectAccessible(page)
    await screenshot(page, 'desktop-templates-list-no-actions')
    // 'Upgrade' opens the plan chooser, and so does the one on the billing page's own plan card.
    await remove.getByRole('link', { name: 'Upgrade' }).click()
    await page.waitForURL(at('/app/organization/billing?choose=plan'))
    await page.getByRole('heading', { level: 1, name: 'Subscription & billing' }).waitFor()
    const chooser = page.getByRole('region', { name: 'Choose a paid plan' })
    await chooser.getByRole('button', { name: 'Choose Team', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Hide plans' }).click()
    await chooser.waitFor({ state: 'detached' })
    const planCard = page.getByRole('main').getByTestId('template-actions-widget')
    await planCard.getByRole('link', { name: 'Upgrade' }).click()
    await chooser.getByRole('button', { name: 'Choose Team', exact: true }).click()
    await page.waitForURL((url) => url.href.startsWith(`${stack.stripe.publicUrl}/checkout/`))
    await page.getByRole('heading', { name: 'Pay with card' }).waitFor()

    await page.goto(at('/app/templates'))
    await page.getByRole('row').filter({ hasText: 'welcome-email' }).waitFor()
    await checkPhone(tab, 'mobile-templates-list')
    await page.goto(editorUrl)
    await page.getByRole('heading', { level: 1, name: 'welcome-email' }).waitFor()
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 300_000)
})
