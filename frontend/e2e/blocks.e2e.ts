import type { FrameLocator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, SCREENSHOT_DIR, screenshot } from './support/browser'
import { signUpOnTeam } from './support/journeys'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, submitSignUp } from './support/session'

const browser = browserForFile()
const BLOCK_URL = /\/app\/blocks\/[0-9A-Z]{26}$/

function preview(page: Page): FrameLocator {
  return page.frameLocator('iframe[title^="Email preview"]')
}

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** Selects the first match of `find` in a code editor (its search panel, as a person would) and types over it. */
async function replaceInEditor(page: Page, editor: string, find: string, replacement: string) {
  await page.getByRole('textbox', { name: editor }).click()
  await page.keyboard.press('Control+f')
  const search = page.getByRole('textbox', { name: 'Find' })
  await search.fill('')
  // Typed key by key: the search panel takes its query on key-up.
  await search.pressSequentially(find)
  await search.press('Enter')
  await search.press('Escape')
  // Inserted at once, so tag completion does not add closing tags of its own.
  await page.keyboard.insertText(replacement)
}

async function newBlock(page: Page, name: string, type: 'Visual' | 'MJML' | 'HTML') {
  await page.getByRole('button', { name: 'New block' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New block' })
  await dialog.getByLabel('Block name').fill(name)
  await dialog.getByRole('radio', { name: new RegExp(`^${type}`) }).check()
  await dialog.getByRole('button', { name: 'Create and edit' }).click()
  await page.waitForURL(BLOCK_URL)
  await page.getByRole('heading', { level: 1, name }).waitFor()
}

describe('reusable blocks in a real browser', () => {
  it('are locked on START, naming the plan that has them', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await page.goto(at('/auth/sign-up'))
    await submitSignUp(page, uniqueEmail('blocks-start'))
    await page.waitForURL(at('/app/onboarding/plan'))
    await page.getByRole('button', { name: 'Start for free' }).click()
    await page.waitForURL(at('/app'))

    await page.goto(at('/app/blocks'))
    await page.getByRole('heading', { level: 1, name: 'Reusable blocks' }).waitFor()
    await page.getByText('Reusable blocks comes with the Team or Team Plus plan').waitFor()
    const upgrade = page.getByRole('link', { name: 'Upgrade to Team' })
    expect(await upgrade.getAttribute('href')).toBe('/app/organization/billing?choose=plan')
    expect(await page.getByRole('button', { name: 'New block' }).count()).toBe(0)
    await expectAccessible(page)
    await screenshot(page, 'desktop-blocks-locked')
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 90_000)

  it('creates, edits, previews, copies, renames and deletes blocks; a block in use is refused with its templates', async () => {
    const tab = await openTab(browser(), { width: 1440, height: 1000 })
    const { page } = tab
    page.on('dialog', (dialog) => void dialog.accept())
    await signUpOnTeam(page, 'blocks')

    // Empty: what blocks are for.
    await page.goto(at('/app/blocks'))
    await page.getByRole('heading', { level: 1, name: 'Reusable blocks' }).waitFor()
    await page.getByText('No reusable blocks yet').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-blocks-empty')

    // The name is checked before it is sent.
    await page.getByRole('button', { name: 'New block' }).first().click()
    const create = page.getByRole('dialog', { name: 'New block' })
    await create.getByLabel('Block name').fill('Footer!')
    await create.getByRole('button', { name: 'Create and edit' }).click()
    await create.getByText(/1–64 letters, digits, spaces/).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-block-new-dialog')
    await create.getByRole('button', { name: 'Cancel' }).click()

    // An MJML block: edit, preview, save.
    await newBlock(page, 'Footer', 'MJML')
    const footerUrl = page.url()
    const footerId = footerUrl.split('/').at(-1) as string
    await preview(page).getByText('Your company').waitFor({ timeout: 30_000 })
    await replaceInEditor(page, 'MJML source of the block', 'Your company', 'Acme Inc')
    await preview(page).getByText('Acme Inc').waitFor()
    await page.getByText('Unsaved changes').waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Saved as version 2.').waitFor()
    await page.getByText(/^Version 2, saved/).waitFor()
    const whereUsed = page.getByRole('region', { name: 'Where used' })
    await whereUsed.getByText('No template uses this block yet.').waitFor()
    expect(await whereUsed.locator('code').textContent()).toBe(`<!-- block:${footerId} -->`)
    await page.getByRole('button', { name: 'Mobile' }).click()
    await page.locator('iframe[title$="mobile width"]').waitFor()
    await preview(page).getByText('Acme Inc').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-block-editor-mjml')

    // The list: copy, then rename the copy in its editor and delete it.
    await page.getByRole('link', { name: '← Reusable blocks' }).click()
    await page.waitForURL(at('/app/blocks'))
    const footerRow = page.getByRole('listitem').filter({ hasText: 'Footer' })
    await footerRow.getByText('Not used yet').waitFor()
    await footerRow.getByText('MJML', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Copy Footer' }).click()
    const copy = page.getByRole('dialog', { name: 'Copy Footer' })
    expect(await copy.getByLabel('Name of the copy').inputValue()).toBe('Footer copy')
    await copy.getByRole('button', { name: 'Copy', exact: true }).click()
    await page.getByRole('link', { name: 'Footer copy', exact: true }).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-blocks-list')

    await page.getByRole('link', { name: 'Footer copy', exact: true }).click()
    await page.waitForURL(BLOCK_URL)
    await page.getByRole('heading', { level: 1, name: 'Footer copy' }).waitFor()
    await preview(page).getByText('Acme Inc').waitFor({ timeout: 30_000 })
    await page.getByLabel('Block name').fill('Footer old')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Saved as version 2.').waitFor()
    await page.getByRole('heading', { level: 1, name: 'Footer old' }).waitFor()
    await page.getByRole('link', { name: '← Reusable blocks' }).click()
    await page.waitForURL(at('/app/blocks'))
    await page.getByRole('button', { name: 'Delete Footer old' }).click()
    const remove = page.getByRole('dialog', { name: 'Delete Footer old?' })
    await remove.getByRole('button', { name: 'Delete block' }).click()
    await page.getByText('Footer old was deleted.').waitFor()
    await page.getByRole('link', { name: 'Footer old', exact: true }).waitFor({ state: 'detached' })

    // The type filter.
    await page.getByRole('button', { name: 'Visual', exact: true }).click()
    await page.getByText('No Visual blocks').waitFor()
    await page.getByRole('button', { name: 'Show all types' }).click()
    await page.getByRole('link', { name: 'Footer', exact: true }).waitFor()

    // A VISUAL block opens in the visual editor, without the document's style.
    await newBlock(page, 'Header', 'Visual')
    await page.getByRole('region', { name: 'Canvas' }).waitFor({ timeout: 30_000 })
    await preview(page).getByText('Your company').waitFor({ timeout: 30_000 })
    expect(await page.getByRole('button', { name: /Convert to MJML/ }).count()).toBe(0)
    await expectAccessible(page)
    await screenshot(page, 'desktop-block-editor-visual')

    // An MJML template that includes the footer.
    await page.goto(at('/app/templates/new'))
    await page.getByRole('button', { name: 'Use Blank MJML' }).click()
    const template = page.getByRole('dialog', { name: /^New template/ })
    await template.getByLabel('Template name').fill('uses-footer')
    await template.getByRole('button', { name: 'Create and edit' }).click()
    await page.waitForURL(/\/app\/templates\/[0-9A-Z]{26}$/)
    const templatePath = new URL(page.url()).pathname
    await page.getByRole('heading', { level: 1, name: 'uses-footer' }).waitFor()
    await replaceInEditor(page, 'MJML source', '</mj-body>', `<!-- block:${footerId} -->\n</mj-body>`)
    await preview(page).getByText('Acme Inc').waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: /^Save/ }).first().click()
    await page.getByText('Saved as version 2.').waitFor()

    // The footer knows where it is used; a new save recompiles that template as a job.
    await page.goto(footerUrl)
    await page.getByRole('heading', { level: 1, name: 'Footer' }).waitFor()
    const usage = page.getByRole('region', { name: 'Where used' }).getByRole('link', { name: 'uses-footer' })
    expect(await usage.getAttribute('href')).toBe(templatePath)
    expect(await page.getByRole('checkbox', { name: /Also re-publish/ }).isChecked()).toBe(true)
    await preview(page).getByText('Acme Inc').waitFor({ timeout: 30_000 })
    await replaceInEditor(page, 'MJML source of the block', 'Acme Inc', 'Acme Ltd')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Saved as version 3.').first().waitFor()
    await page
      .locator('section[data-job-status="succeeded"], section[data-job-status="partially_failed"]')
      .waitFor({ timeout: 30_000 })
    await page.getByRole('list', { name: 'Results' }).getByRole('link', { name: 'uses-footer' }).waitFor()
    await screenshot(page, 'desktop-block-editor-job')

    // Deleting it is refused, naming the template.
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const refuse = page.getByRole('dialog', { name: 'Delete Footer?' })
    await refuse.getByRole('button', { name: 'Delete block' }).click()
    await refuse.getByText('This block is still in use').waitFor()
    const refusedLink = refuse.getByRole('link', { name: 'uses-footer' })
    expect(await refusedLink.getAttribute('href')).toBe(templatePath)
    await expectAccessible(page)
    await screenshot(page, 'desktop-block-in-use')
    await refuse.getByRole('button', { name: 'Close' }).click()

    // Phone width.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Footer' }).waitFor()
    await preview(page).getByText('Acme Ltd').waitFor({ timeout: 30_000 })
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await page.getByRole('region', { name: 'Preview' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/mobile-block-preview.png` })
    await screenshot(page, 'mobile-block-editor')
    await page.goto(at('/app/blocks'))
    await page.getByRole('link', { name: 'Footer', exact: true }).waitFor()
    await page.getByText('Used by 1 template').waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-blocks-list')

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 240_000)
})
